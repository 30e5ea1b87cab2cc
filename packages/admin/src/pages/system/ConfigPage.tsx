/** System → Configuration: every environment setting, its effective value and default; secrets masked. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

interface Setting {
  name: string;
  value: string;
  isDefault: boolean;
  secret: boolean;
  fallback: string;
}

export function ConfigPage() {
  const { t } = useTranslation();
  const { result, query } = useCustom<{ data: Setting[] }>({ url: '/system/config', method: 'get' });
  return (
    <List title={t('sysai.menu.config')}>
      <Alert type="info" showIcon message={t('sysai.configHelp')} style={{ marginBottom: 16 }} />
      <Table
        size="small"
        rowKey="name"
        loading={query.isLoading}
        pagination={false}
        dataSource={result?.data?.data ?? []}
        onRow={(row) => ({ 'data-testid': `config-${row.name}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('sysai.variable'),
            dataIndex: 'name',
            width: 300,
            render: (v: string) => <code>{v}</code>,
          },
          {
            title: t('sysai.value'),
            dataIndex: 'value',
            render: (v: string, row) => (
              <>
                <span data-testid={`config-value-${row.name}`} style={{ wordBreak: 'break-all' }}>
                  {v || '—'}
                </span>
                {row.secret && (
                  <Tag color="gold" style={{ marginLeft: 8 }}>
                    {t('sysai.secret')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('sysai.isDefault'),
            dataIndex: 'isDefault',
            width: 120,
            render: (v: boolean) =>
              v ? <Tag>{t('sysai.defaultYes')}</Tag> : <Tag color="blue">{t('sysai.defaultNo')}</Tag>,
          },
        ]}
      />
    </List>
  );
}
