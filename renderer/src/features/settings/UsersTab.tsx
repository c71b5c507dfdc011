import { Badge, Button, Code, CopyButton, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/client';
import type { ItemOf } from '../../api/op-types';
import { notifyError, notifyOk } from '../../shared/errors';
import { formatDate, formatDateTime, formatTime } from '../../shared/format';
import { useUnsavedGuard } from '../../shared/unsaved.store';
import { ConfirmModal } from './ConfirmModal';
import { OtherErrors, SettingsSection, SettingsTable } from './SettingsParts';
import { useMe } from './users.store';

/** A user as users.list answers it. */
type User = ItemOf<'users.list'>;
type Role = User['role'];
type Ask = { kind: 'delete' | 'key'; user: User };
type Session = ItemOf<'sessions.list'>;

const pad = (n: number) => String(n).padStart(2, '0');
/** A UTC instant of a session, in local date and time. */
function localDateTime(instant: string): string {
  const d = new Date(instant);
  return `${formatDate(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`)} ${formatTime(d)}`;
}
/** "Chrome 131 · Linux" from a User-Agent, enough to tell one's sessions apart. */
function browserOf(ua: string | null): string {
  if (!ua) return '—';
  const name = /(Edg|Firefox|Chrome|Safari)\/(\d+)/.exec(ua);
  const os = /(Windows|Mac OS X|Linux|Android|iPhone)/.exec(ua);
  return [name ? `${name[1] === 'Edg' ? 'Edge' : name[1]} ${name[2]}` : ua.slice(0, 40), os?.[1]].filter(Boolean).join(' · ');
}

/** Brukere (owners only): the office server's people, their roles and keys, over the users operations. */
export function UsersTab() {
  const { t } = useTranslation();
  const me = useMe((s) => s.me);
  const [users, setUsers] = useState<User[]>([]);
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('bookkeeper');
  const [errors, setErrors] = useState<{ name?: string; other?: ApiError }>({});
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [busy, setBusy] = useState(false);
  const [sessions, setSessions] = useState<Session[]>([]);
  const roleLabel = (r: Role) => t(`users.role.${r}`);
  const roles = (['bookkeeper', 'owner'] as const).map((r) => ({ value: r, label: roleLabel(r) }));

  const refresh = useCallback(async () => {
    try {
      const [u, s] = await Promise.all([call('users.list'), call('sessions.list')]);
      setUsers(u);
      setSessions(s);
    } catch (e) {
      notifyError(e);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useUnsavedGuard('settings-users', name.trim() !== '', () => add());

  async function add(): Promise<boolean> {
    setBusy(true);
    try {
      const made = (await call('users.create', { body: { name, role } })).body;
      setShown({ name: made.name, key: made.key });
      setName('');
      setErrors({});
      await refresh();
      return true;
    } catch (e) {
      if (e instanceof ApiError) setErrors({ name: e.fieldMessage('name'), other: e.fieldMessage('name') ? undefined : e });
      else notifyError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function update(u: User, body: { active?: boolean; role?: Role }, note: string) {
    try {
      await call('users.update', { params: { id: u.id }, body });
      notifyOk(note);
      await refresh();
    } catch (e) {
      notifyError(e);
    }
  }

  async function endSession(s: Session) {
    try {
      await call('sessions.end', { params: { id: s.id } });
      notifyOk(t('users.session.ended', { name: whoOf(s) }));
      await refresh();
    } catch (e) {
      notifyError(e);
      await refresh();
    }
  }
  const whoOf = (s: Session) => (s.userId === null ? t('users.session.ownerKey') : s.userName);

  async function confirm() {
    if (!ask) return;
    setBusy(true);
    try {
      if (ask.kind === 'delete') {
        await call('users.delete', { params: { id: ask.user.id } });
        notifyOk(t('users.deleted', { name: ask.user.name }));
      } else {
        const made = await call('users.regenerateKey', { params: { id: ask.user.id } });
        setShown({ name: made.name, key: made.key });
      }
      await refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
      setAsk(null);
    }
  }

  // In a browser the GUI is the server's own page: people log in at its /app/login. The desktop app shows no address.
  const loginUrl = window.api ? null : new URL('/app/login', window.location.origin).href;

  return (
    <Stack gap="md" maw={960}>
      <SettingsSection title={t('users.title')} description={t('users.hint')}>
        <Group align="flex-start" gap="xs" mb="sm">
          <TextInput
            label={t('users.name')}
            placeholder={t('users.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && void add()}
            error={errors.name}
            errorProps={{ 'data-testid': 'error-user-name' }}
            w={300}
            data-testid="user-name"
          />
          <Select label={t('users.role')} data={roles} value={role} onChange={(v) => v && setRole(v as Role)} allowDeselect={false} w={200} data-testid="user-role" />
          <Button mt={25} onClick={() => void add()} loading={busy && !ask} data-testid="user-add">
            {t('users.add')}
          </Button>
        </Group>
        <OtherErrors message={errors.other?.message} fields={errors.other?.fields ?? []} testId="user-errors" />
        <SettingsTable
          rows={users}
          rowKey={(u) => u.id}
          empty={t('users.empty')}
          testId="users-table"
          rowTestId="user-row"
          head={
            <>
              <Table.Th>{t('users.name')}</Table.Th>
              <Table.Th w={190}>{t('users.role')}</Table.Th>
              <Table.Th w={140}>{t('users.status')}</Table.Th>
              <Table.Th w={150}>{t('users.created')}</Table.Th>
              <Table.Th w={300} />
            </>
          }
          cells={(u) => {
            const self = me?.id === u.id;
            return (
              <>
                <Table.Td>
                  <Text span fw={500} inherit>
                    {u.name}
                  </Text>
                  {self && (
                    <Text span c="dimmed" inherit>
                      {' '}
                      ({t('users.you')})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    data={roles}
                    value={u.role}
                    allowDeselect={false}
                    aria-label={t('users.role')}
                    onChange={(v) => v && v !== u.role && void update(u, { role: v as Role }, t('users.roleChanged', { name: u.name, role: roleLabel(v as Role).toLowerCase() }))}
                    data-testid={`user-role-${u.id}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={u.active ? 'teal' : 'gray'}>
                    {u.active ? t('users.active') : t('users.disabled')}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatDateTime(u.createdAt)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={() => void update(u, { active: !u.active }, t(u.active ? 'users.disabledNote' : 'users.enabledNote', { name: u.name }))}
                      data-testid={`user-toggle-${u.id}`}
                    >
                      {u.active ? t('users.disable') : t('users.enable')}
                    </Button>
                    <Button size="compact-sm" variant="subtle" onClick={() => setAsk({ kind: 'key', user: u })} data-testid={`user-key-${u.id}`}>
                      {t('users.newKey')}
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" disabled={self} onClick={() => setAsk({ kind: 'delete', user: u })} data-testid={`user-delete-${u.id}`}>
                      {t('common.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </>
            );
          }}
        />
      </SettingsSection>

      <SettingsSection title={t('users.sessions')} description={t('users.sessionsHint')}>
        <SettingsTable
          rows={sessions}
          rowKey={(s) => s.id}
          empty={t('users.sessionsEmpty')}
          testId="sessions-table"
          rowTestId="session-row"
          head={
            <>
              <Table.Th>{t('users.session.who')}</Table.Th>
              <Table.Th w={150}>{t('users.session.started')}</Table.Th>
              <Table.Th w={150}>{t('users.session.seen')}</Table.Th>
              <Table.Th w={150}>{t('users.session.expires')}</Table.Th>
              <Table.Th w={170}>{t('users.session.client')}</Table.Th>
              <Table.Th w={130} />
            </>
          }
          cells={(s) => (
            <>
              <Table.Td>
                <Text span fw={500} inherit>
                  {whoOf(s)}
                </Text>
                <Text span c="dimmed" inherit>
                  {' '}
                  ({roleLabel(s.role).toLowerCase()}
                  {s.current ? `, ${t('users.session.current')}` : ''})
                </Text>
              </Table.Td>
              <Table.Td>{localDateTime(s.createdAt)}</Table.Td>
              <Table.Td>{localDateTime(s.lastSeenAt)}</Table.Td>
              <Table.Td>{localDateTime(s.expiresAt)}</Table.Td>
              <Table.Td>
                <Text span size="xs" inherit title={s.client ?? ''}>
                  {browserOf(s.client)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => void endSession(s)} data-testid={`session-end-${s.id}`}>
                    {t('users.session.end')}
                  </Button>
                </Group>
              </Table.Td>
            </>
          )}
        />
      </SettingsSection>

      <ConfirmModal
        opened={ask !== null}
        title={ask ? t(ask.kind === 'delete' ? 'users.deleteTitle' : 'users.newKeyTitle', { name: ask.user.name }) : ''}
        text={ask ? t(ask.kind === 'delete' ? 'users.deleteText' : 'users.newKeyText', { name: ask.user.name }) : ''}
        confirmLabel={ask?.kind === 'delete' ? t('common.delete') : t('users.newKey')}
        color={ask?.kind === 'delete' ? 'red' : 'blue'}
        loading={busy}
        onConfirm={() => void confirm()}
        onClose={() => setAsk(null)}
      />

      <Modal opened={shown !== null} onClose={() => setShown(null)} title={<Text fw={600}>{shown ? t('users.keyTitle', { name: shown.name }) : ''}</Text>} centered size="lg">
        {shown && (
          <Stack gap="sm" data-testid="user-key-shown">
            <Text size="sm">{t('users.keyOnce', { name: shown.name })}</Text>
            <Code block data-testid="user-key-value">
              {shown.key}
            </Code>
            {loginUrl && (
              <Text size="sm">
                {t('users.loginAt')} <Code data-testid="user-login-url">{loginUrl}</Code>
              </Text>
            )}
            <Group justify="flex-end">
              <CopyButton value={shown.key}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('users.copied') : t('users.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setShown(null)} data-testid="user-key-done">
                {t('users.done')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
