/** System → Versions: the product, Node, the database, ffmpeg and the key libraries. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Card, Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';

interface Versions {
  product: { version: string; commit: string | null };
  node: string;
  database: { engine: string; version: string };
  ffmpeg: string | null;
  libraries: { name: string; version: string | null }[];
  platform: string;
}

export function VersionsPage() {
  const { t } = useTranslation();
  const { result } = useCustom<{ data: Versions }>({ url: '/system/versions', method: 'get' });
  const v = result?.data?.data;
  return (
    <List title={t('sysai.menu.versions')}>
      {v && (
        <Card>
          <Descriptions column={1} bordered size="middle" labelStyle={{ width: 220 }}>
            <Descriptions.Item label={t('sysai.product')}>
              <span data-testid="version-product">{v.product.version}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.commit')}>
              <code>{v.product.commit ?? t('sysai.unknown')}</code>
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.node')}>
              <span data-testid="version-node">{v.node}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.engine')}>
              <span data-testid="version-database">
                {v.database.engine} {v.database.version}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.ffmpeg')}>{v.ffmpeg ?? t('sysai.missing')}</Descriptions.Item>
            <Descriptions.Item label={t('sysai.platform')}>{v.platform}</Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16, maxWidth: 520 }}
            size="small"
            rowKey="name"
            pagination={false}
            title={() => t('sysai.libraries')}
            dataSource={v.libraries}
            columns={[
              { title: t('sysai.library'), dataIndex: 'name' },
              { title: t('sysai.version'), dataIndex: 'version', render: (value) => value ?? '—' },
            ]}
          />
        </Card>
      )}
    </List>
  );
}
