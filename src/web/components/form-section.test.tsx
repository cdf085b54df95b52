import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormSection } from './form-section';

afterEach(cleanup);

describe('<FormSection>', () => {
  it("'page': a region named by its <h2>, with its description", () => {
    render(
      <FormSection layout="page" title="Data Pelari" description="Kolom bertanda * wajib diisi.">
        <input aria-label="Email" />
      </FormSection>,
    );
    const region = screen.getByRole('region', { name: 'Data Pelari' });
    expect(screen.getByRole('heading', { level: 2, name: 'Data Pelari' })).toBeTruthy();
    expect(region.textContent).toContain('Kolom bertanda * wajib diisi.');
    expect(region.contains(screen.getByLabelText('Email'))).toBe(true);
  });

  it("'dialog' (default): an <h3> over a rule, not a landmark of its own", () => {
    render(
      <FormSection title="Informasi Dasar">
        <input aria-label="Nama Event" />
      </FormSection>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Informasi Dasar' })).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it("'group': named by its title, with a small heading", () => {
    render(
      <FormSection layout="group" title="Profil">
        <input aria-label="Usia" />
      </FormSection>,
    );
    expect(screen.getByRole('region', { name: 'Profil' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Profil' })).toBeTruthy();
  });
});
