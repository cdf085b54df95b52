import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import '../../../../domain/shared/zod-locale';
import { schemaErrors, useSchemaForm } from './use-schema-form';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Nama wajib diisi')),
  code: z.string().check(z.regex(/^\d+$/, 'Angka saja'), z.minLength(3, 'Minimal 3 angka')),
});
const empty = { name: '', code: '', agree: false };

describe('schemaErrors', () => {
  it('keeps the first message of each top-level field, none when the values pass', () => {
    expect(schemaErrors(schema, { name: ' ', code: 'x' })).toEqual({ name: 'Nama wajib diisi', code: 'Angka saja' });
    expect(schemaErrors(schema, { name: 'Putu', code: '123' })).toEqual({});
  });
});

describe('useSchemaForm', () => {
  it('checks only the fields asked for, and clears an error once its field passes', () => {
    const { result } = renderHook(() => useSchemaForm<typeof empty, 'name' | 'code'>(schema, empty));
    let valid = true;
    act(() => {
      valid = result.current.check('name');
    });
    expect(valid).toBe(false);
    expect(result.current.errors).toEqual({ name: 'Nama wajib diisi' });

    act(() => {
      result.current.setValue('name', 'Putu');
      // Read in the same event as the change: the check sees the new value.
      valid = result.current.check(['name', 'code']);
    });
    expect(valid).toBe(false);
    expect(result.current.errors).toEqual({ code: 'Angka saja' });
    expect(result.current.values).toEqual({ name: 'Putu', code: '', agree: false });

    act(() => {
      result.current.setValue('code', '1234');
      valid = result.current.check(['name', 'code']);
    });
    expect(valid).toBe(true);
    expect(result.current.errors).toEqual({});
  });

  it('an error set by hand shows until the field is checked again', () => {
    const { result } = renderHook(() => useSchemaForm<typeof empty, 'name' | 'code'>(schema, { ...empty, name: 'Putu', code: '123' }));
    act(() => result.current.setError('code', 'Teks terlalu panjang'));
    expect(result.current.errorOf('code')).toBe('Teks terlalu panjang');
    act(() => {
      result.current.check('code');
    });
    expect(result.current.errorOf('code')).toBeUndefined();
  });
});
