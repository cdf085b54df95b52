import { ChevronLeft, ChevronRight, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { formatJakartaDate } from '../../../../domain/shared/jakarta-time';
import { subscriptionStatusLabels } from '../../../../domain/subscriptions/subscription';
import { roleLabels, roles, type Role } from '../../../../domain/users/roles';
import type { AdminUser } from '../../../../domain/users/contract';
import { ApiError } from '../../../api/client';
import { SectionHeader } from '../../../components/section-header';
import { Avatar } from '../../../components/avatar';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { cn } from '../../../components/cn';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingMessage, QueryState } from '../../../components/query-state';
import { SearchInput } from '../../../components/search-input';
import { useToast } from '../../../components/toast';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useAdminUsers, useChangeUserRole, useRefreshAdminUsers } from './admin-users-api';
import { RoleChangeDialog, type PendingRoleChange } from './role-change-dialog';

const PAGE_SIZE = 20;
const statusTone = { active: 'green', trialing: 'blue', past_due: 'yellow', canceled: 'red', incomplete: 'yellow', none: 'gray' } as const;
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'Terjadi kesalahan. Coba lagi.');

/** What the app layer may add to each user's row (another feature's tools), told how to refresh the list after a change. */
export type UserActions = (user: AdminUser, context: { onUserChanged: () => void }) => ReactNode;

/**
 * Admin 'Pengguna': search users by name or email and change their role (with confirmation).
 * `userActions` puts more per-user tools in an 'Aksi' column (the app layer plugs in the
 * subscription panel there).
 */
export function UsersSection({ userActions }: { userActions?: UserActions } = {}) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  // The page belongs to one search term: a new term starts again at page 1.
  const [paging, setPaging] = useState({ q: '', page: 0 });
  const page = paging.q === q ? paging.page : 0;
  const users = useAdminUsers(q, page * PAGE_SIZE, PAGE_SIZE);

  const [pending, setPending] = useState<PendingRoleChange | null>(null);
  const changeRole = useChangeUserRole();
  const toast = useToast();
  const refreshUsers = useRefreshAdminUsers();

  const confirm = () => {
    if (!pending) return;
    const { user, role } = pending;
    changeRole.mutate(
      { id: user._id, role },
      {
        onSuccess: () => {
          setPending(null);
          toast(`Peran ${user.name} diubah menjadi ${roleLabels[role]}.`, 'success');
        },
      },
    );
  };

  const total = users.data?.total ?? 0;
  const rows = users.data?.data ?? [];
  const from = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const to = page * PAGE_SIZE + rows.length;

  return (
    <section aria-labelledby="admin-users-title">
      <SectionHeader titleId="admin-users-title" title="Pengguna" description="Cari pengguna, atur peran dan lihat langganan mereka.">
        <SearchInput
          id="admin-user-search"
          label="Cari nama atau email"
          value={search}
          onChange={setSearch}
          placeholder="Cari nama atau email..."
          busy={users.isFetching && !users.isPending}
          className="w-full sm:w-80"
          inputClassName="h-10 pr-9"
        />
      </SectionHeader>

      <QueryState
        query={users}
        loading={<LoadingMessage card>Memuat pengguna...</LoadingMessage>}
        error={<ErrorState icon={UserX} title="Gagal memuat pengguna" description={messageOf(users.error)} onRetry={() => void users.refetch()} />}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon={UserX} description="Tidak ada pengguna ditemukan." className="bg-white" />}
      >
        {() => (
          <>
            <div className="md:overflow-hidden md:rounded-2xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
              <table className={cn('w-full text-sm max-md:block', users.isPlaceholderData && 'opacity-60')} aria-busy={users.isFetching}>
                <caption className="sr-only">Daftar pengguna</caption>
                <thead className="bg-slate-50 text-left text-xs font-bold tracking-wide text-slate-500 uppercase max-md:sr-only">
                  <tr>
                    <th scope="col" className="px-4 py-3">Nama</th>
                    <th scope="col" className="px-4 py-3">Email</th>
                    <th scope="col" className="px-4 py-3">Peran</th>
                    <th scope="col" className="px-4 py-3">Langganan</th>
                    <th scope="col" className="px-4 py-3">Bergabung</th>
                    {userActions && (
                      <th scope="col" className="px-4 py-3">
                        <span className="sr-only">Aksi</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody className="max-md:flex max-md:flex-col max-md:gap-3 md:divide-y md:divide-slate-100">
                  {rows.map((user) => (
                    <tr
                      key={user._id}
                      data-testid="admin-user-row"
                      className="max-md:flex max-md:min-w-0 max-md:flex-col max-md:rounded-2xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:shadow-sm"
                    >
                      <td className="max-md:block max-md:min-w-0 md:px-4 md:py-3">
                        <div className="flex min-w-0 items-center gap-3">
                          <Avatar name={user.name} photo={user.photo} size="sm" />
                          <div className="min-w-0">
                            <p className="truncate font-semibold text-slate-900">{user.name}</p>
                            <p className="truncate text-slate-500 md:hidden">{user.email}</p>
                          </div>
                        </div>
                      </td>
                      <td className="break-all text-slate-700 max-md:hidden md:px-4 md:py-3">{user.email}</td>
                      <MobileLabelled label="Peran">
                        <select
                          aria-label={`Peran ${user.name}`}
                          value={user.role}
                          onChange={(e) => {
                            changeRole.reset();
                            setPending({ user, role: e.target.value as Role });
                          }}
                          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-900 focus:border-brand-500"
                        >
                          {roles.map((role) => (
                            <option key={role} value={role}>
                              {roleLabels[role]}
                            </option>
                          ))}
                        </select>
                      </MobileLabelled>
                      <MobileLabelled label="Langganan">
                        <span className="flex flex-col items-end gap-0.5 md:items-start">
                          <Badge tone={statusTone[user.subscription_status]}>{subscriptionStatusLabels[user.subscription_status]}</Badge>
                          {user.current_period_end && (
                            <span className="text-xs whitespace-nowrap text-slate-500">s.d. {formatJakartaDate(user.current_period_end, 'd MMM yyyy')}</span>
                          )}
                        </span>
                      </MobileLabelled>
                      <MobileLabelled label="Bergabung">
                        <span className="whitespace-nowrap text-slate-700">{formatJakartaDate(user.createdAt)}</span>
                      </MobileLabelled>
                      {userActions && (
                        <td className="max-md:mt-3 max-md:flex max-md:flex-wrap max-md:gap-2 md:px-4 md:py-3 md:text-right">
                          {userActions(user, { onUserChanged: refreshUsers })}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
              <p aria-live="polite">
                Menampilkan {from}–{to} dari {total} pengguna
              </p>
              {total > PAGE_SIZE && (
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPaging({ q, page: page - 1 })}>
                    <ChevronLeft className="size-4" aria-hidden="true" /> Sebelumnya
                  </Button>
                  <Button variant="outline" size="sm" disabled={to >= total} onClick={() => setPaging({ q, page: page + 1 })}>
                    Berikutnya <ChevronRight className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              )}
            </div>
          </>
        )}
      </QueryState>

      <RoleChangeDialog
        pending={pending}
        saving={changeRole.isPending}
        error={changeRole.isError ? messageOf(changeRole.error) : null}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

/** A table cell that, on a phone card, shows its column name on the left. */
function MobileLabelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="max-md:mt-2 max-md:flex max-md:items-center max-md:justify-between max-md:gap-3 max-md:border-t max-md:border-slate-100 max-md:pt-2 md:px-4 md:py-3">
      <span className="text-xs font-semibold text-slate-500 md:hidden" aria-hidden="true">
        {label}
      </span>
      {children}
    </td>
  );
}
