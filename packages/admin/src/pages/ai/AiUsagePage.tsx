/** AI → Usage: generations per day and kind, failures (refunded), credits spent, top users. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Card, Col, Row, Segmented, Statistic, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface Usage {
  days: {
    day: string;
    image: number;
    chat: number;
    other: number;
    failed: number;
    free: number;
    credits: number;
  }[];
  totals: { generations: number; failed: number; refunded: number; creditsSpent: number };
  topUsers: { userId: number; nickname: string; generations: number; failed: number; credits: number }[];
}

export function AiUsagePage() {
  const { t } = useTranslation();
  const [days, setDays] = useState(14);
  const { result } = useCustom<{ data: Usage }>({
    url: '/ai/usage',
    method: 'get',
    config: { query: { days } },
  });
  const usage = result?.data?.data;
  return (
    <List
      title={t('sysai.menu.aiUsage')}
      headerButtons={
        <Segmented
          value={days}
          onChange={(value) => setDays(Number(value))}
          options={[7, 14, 30, 90].map((n) => ({ value: n, label: t('sysai.days', { count: n }) }))}
        />
      }
    >
      {usage && (
        <>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={6}>
              <Card>
                <Statistic
                  title={t('sysai.generations')}
                  value={usage.totals.generations}
                  valueRender={(node) => <span data-testid="ai-usage-total">{node}</span>}
                />
              </Card>
            </Col>
            <Col span={6}>
              <Card>
                <Statistic title={t('sysai.failed')} value={usage.totals.failed} />
              </Card>
            </Col>
            <Col span={6}>
              <Card>
                <Statistic title={t('sysai.creditsSpent')} value={usage.totals.creditsSpent} />
              </Card>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col span={14}>
              <Table
                size="small"
                rowKey="day"
                pagination={false}
                dataSource={[...usage.days].reverse()}
                columns={[
                  { title: t('sysai.day'), dataIndex: 'day' },
                  { title: t('sysai.kindImage'), dataIndex: 'image', align: 'right' },
                  { title: t('sysai.kindChat'), dataIndex: 'chat', align: 'right' },
                  { title: t('sysai.kindOther'), dataIndex: 'other', align: 'right' },
                  { title: t('sysai.failed'), dataIndex: 'failed', align: 'right' },
                  { title: t('sysai.free'), dataIndex: 'free', align: 'right' },
                  { title: t('sysai.creditsSpent'), dataIndex: 'credits', align: 'right' },
                ]}
              />
            </Col>
            <Col span={10}>
              <Table
                size="small"
                rowKey="userId"
                pagination={false}
                title={() => t('sysai.topUsers')}
                dataSource={usage.topUsers}
                columns={[
                  {
                    title: t('sysai.user'),
                    dataIndex: 'userId',
                    render: (id: number, row) => <Link to={`/users/${id}`}>{row.nickname || `#${id}`}</Link>,
                  },
                  { title: t('sysai.generations'), dataIndex: 'generations', align: 'right' },
                  { title: t('sysai.failed'), dataIndex: 'failed', align: 'right' },
                  { title: t('sysai.creditsSpent'), dataIndex: 'credits', align: 'right' },
                ]}
              />
            </Col>
          </Row>
        </>
      )}
    </List>
  );
}
