/** System → Sizes: the database, row counts of the main tables, media on disk by kind. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';
import { formatBytes } from './format';

interface Sizes {
  database: { engine: string; bytes: number };
  tables: { table: string; rows: number }[];
  media: { kind: 'pages' | 'covers' | 'avatars' | 'video' | 'ai' | 'other'; files: number; bytes: number }[];
  computedAt: number;
  tookMs: number;
}

export function SizesPage() {
  const { t } = useTranslation();
  const { result } = useCustom<{ data: Sizes }>({ url: '/system/sizes', method: 'get' });
  const sizes = result?.data?.data;
  const mediaTotal = sizes?.media.reduce((sum, m) => sum + m.bytes, 0) ?? 0;
  return (
    <List title={t('sysai.menu.sizes')}>
      {sizes && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={8}>
              <Card>
                <Statistic
                  title={`${t('sysai.databaseSize')} (${sizes.database.engine})`}
                  value={formatBytes(sizes.database.bytes)}
                  valueRender={(node) => <span data-testid="sizes-database">{node}</span>}
                />
              </Card>
            </Col>
            <Col span={8}>
              <Card>
                <Statistic title={t('sysai.media')} value={formatBytes(mediaTotal)} />
              </Card>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={12}>
              <Table
                size="small"
                rowKey="table"
                pagination={false}
                dataSource={sizes.tables}
                columns={[
                  { title: t('sysai.table'), dataIndex: 'table', render: (v: string) => <code>{v}</code> },
                  {
                    title: t('sysai.rows'),
                    dataIndex: 'rows',
                    align: 'right',
                    render: (v: number) => v.toLocaleString(),
                  },
                ]}
              />
            </Col>
            <Col span={12}>
              <Table
                size="small"
                rowKey="kind"
                pagination={false}
                dataSource={sizes.media}
                data-testid="sizes-media"
                columns={[
                  {
                    title: t('sysai.mediaKind'),
                    dataIndex: 'kind',
                    render: (v: Sizes['media'][number]['kind']) => t(`sysai.kinds.${v}`),
                  },
                  { title: t('sysai.files'), dataIndex: 'files', align: 'right' },
                  {
                    title: t('sysai.bytes'),
                    dataIndex: 'bytes',
                    align: 'right',
                    render: (v: number) => formatBytes(v),
                  },
                ]}
              />
            </Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('sysai.computed', { time: formatTime(sizes.computedAt), ms: sizes.tookMs })}
          </Typography.Paragraph>
        </>
      )}
    </List>
  );
}
