/**
 * System → Lock-outs (admin and owner): the failure counters of logins, console sign-ins, identity
 * cards and OPDS tokens that count now, and clearing one, say for a user who shares an address with
 * an attacker. The server audits every clear.
 */
import { List, useTable } from '@refinedev/antd';
import { Alert, Button, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';

interface LockoutRow {
  key: string;
  kind: string;
  account: string;
  address: string;
  count: number;
  locked: boolean;
  until: number;
}

export function LockoutsPage() {
  const { t } = useTranslation();
  const { tableProps, tableQuery } = useTable<LockoutRow>({
    resource: 'lockouts',
    syncWithLocation: false,
    pagination: { mode: 'off' },
  });
  const { run, busy } = useAction(['lockouts']);

  return (
    <List
      title={t('lockouts.menu')}
      headerButtons={<Button onClick={() => void tableQuery.refetch()}>{t('lockouts.refresh')}</Button>}
    >
      <Alert type="info" showIcon message={t('lockouts.help')} style={{ marginBottom: 16 }} />
      <Table
        {...tableProps}
        rowKey="key"
        columns={[
          {
            title: t('lockouts.kind'),
            dataIndex: 'kind',
            render: (kind: string) => t(`lockouts.kinds.${kind}`, { defaultValue: kind }),
          },
          { title: t('lockouts.account'), dataIndex: 'account' },
          { title: t('lockouts.address'), dataIndex: 'address' },
          { title: t('lockouts.count'), dataIndex: 'count', width: 100 },
          {
            title: t('lockouts.state'),
            dataIndex: 'locked',
            render: (locked: boolean) =>
              locked ? <Tag color="red">{t('lockouts.locked')}</Tag> : <Tag>{t('lockouts.counting')}</Tag>,
          },
          { title: t('lockouts.until'), dataIndex: 'until', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: LockoutRow) => (
              <Popconfirm
                title={t('lockouts.confirm')}
                onConfirm={() => run('post', '/lockouts/clear', { key: row.key }, t('lockouts.cleared'))}
              >
                <Button size="small" danger loading={busy}>
                  {t('lockouts.clear')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </List>
  );
}
