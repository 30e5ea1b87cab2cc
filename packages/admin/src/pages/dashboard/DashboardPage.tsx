/**
 * Dashboard: today's numbers, 30-day trends (active readers, new users, views per kind, revenue),
 * top works, what waits for operators and running jobs. Loaded as its own chunk, so recharts is
 * only fetched by operators who open it.
 */
import { useCustom } from '@refinedev/core';
import {
  Card,
  Col,
  Empty,
  List,
  Progress,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { WORK_TYPES } from '../../components/format';

interface Overview {
  today: {
    active: number;
    newUsers: number;
    revenueFen: number;
    pendingComments: number;
    openReports: number;
    unansweredFeedback: number;
  };
  series: { date: string; active: number; newUsers: number; registered: number; revenueFen: number }[];
  reads: { date: string; comic: number; novel: number; anime: number }[];
  topWorks: { id: number; title: string; type: number; views: number }[];
  jobs: { kind: 'import'; id: number; label: string; state: string; done: number; total: number }[];
  transcodes: { waiting: number; processing: number; failed: number };
}

const COLORS = { primary: '#FD586D', blue: '#4E7CF6', green: '#2BB673', gold: '#F5A623' };
const shortDate = (date: string) => date.slice(5);
const yuan = (fen: number) => (fen / 100).toFixed(2);

function ChartCard({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <Card title={title} size="small">
      <div style={{ height: 240 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </Card>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const { result, query } = useCustom<{ data: Overview }>({
    url: '/dashboard',
    method: 'get',
    config: { query: { days } },
  });
  const data = result?.data?.data;
  if (!data) return <Card loading={query.isLoading} />;
  const { today } = data;
  const series = data.series.map((row) => ({ ...row, revenue: Number(yuan(row.revenueFen)) }));

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="dashboard">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu.dashboard')}
        </Typography.Title>
        <Segmented
          value={days}
          onChange={(value) => setDays(Number(value))}
          options={[7, 30, 90].map((value) => ({ value, label: t('dashboard.days', { count: value }) }))}
        />
      </div>
      <Row gutter={[16, 16]}>
        {[
          { key: 'activeToday', value: today.active },
          { key: 'newToday', value: today.newUsers },
          { key: 'revenueToday', value: yuan(today.revenueFen), prefix: '¥' },
        ].map((item) => (
          <Col span={4} key={item.key}>
            <Card size="small">
              <Statistic title={t(`dashboard.${item.key}`)} value={item.value} prefix={item.prefix} />
            </Card>
          </Col>
        ))}
        {[
          { key: 'pendingComments', value: today.pendingComments, to: '/community/moderation' },
          { key: 'openReports', value: today.openReports, to: '/community/reports' },
          { key: 'unansweredFeedback', value: today.unansweredFeedback, to: '/community/feedback' },
        ].map((item) => (
          <Col span={4} key={item.key}>
            <Link to={item.to}>
              <Card size="small" hoverable>
                <Statistic
                  title={t(`dashboard.${item.key}`)}
                  value={item.value}
                  valueStyle={item.value > 0 ? { color: COLORS.primary } : undefined}
                />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <ChartCard title={t('dashboard.activeUsers')}>
            <AreaChart data={series}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={40} />
              <Tooltip />
              <Area
                isAnimationActive={false}
                type="monotone"
                dataKey="active"
                name={t('dashboard.activeUsers')}
                stroke={COLORS.primary}
                fill={COLORS.primary}
                fillOpacity={0.15}
              />
            </AreaChart>
          </ChartCard>
        </Col>
        <Col span={12}>
          <ChartCard title={t('dashboard.newUsers')}>
            <LineChart data={series}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={40} />
              <Tooltip />
              <Legend />
              <Line
                isAnimationActive={false}
                type="monotone"
                dataKey="newUsers"
                name={t('dashboard.newUsers')}
                stroke={COLORS.blue}
                dot={false}
              />
              <Line
                isAnimationActive={false}
                type="monotone"
                dataKey="registered"
                name={t('dashboard.registered')}
                stroke={COLORS.green}
                dot={false}
              />
            </LineChart>
          </ChartCard>
        </Col>
        <Col span={12}>
          <ChartCard title={t('dashboard.reads')}>
            <BarChart data={data.reads}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={40} />
              <Tooltip />
              <Legend />
              <Bar
                isAnimationActive={false}
                dataKey="comic"
                stackId="k"
                name={t('workTypes.comic')}
                fill={COLORS.primary}
              />
              <Bar
                isAnimationActive={false}
                dataKey="novel"
                stackId="k"
                name={t('workTypes.novel')}
                fill={COLORS.blue}
              />
              <Bar
                isAnimationActive={false}
                dataKey="anime"
                stackId="k"
                name={t('workTypes.anime')}
                fill={COLORS.gold}
              />
            </BarChart>
          </ChartCard>
        </Col>
        <Col span={12}>
          <ChartCard title={`${t('dashboard.revenue')} (¥)`}>
            <BarChart data={series}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} />
              <YAxis fontSize={12} width={50} />
              <Tooltip />
              <Bar
                isAnimationActive={false}
                dataKey="revenue"
                name={t('dashboard.revenue')}
                fill={COLORS.green}
              />
            </BarChart>
          </ChartCard>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col span={14}>
          <Card title={t('dashboard.topWorks')} size="small">
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={data.topWorks}
              columns={[
                {
                  title: '#',
                  key: 'rank',
                  width: 40,
                  render: (_: unknown, __: unknown, index: number) => index + 1,
                },
                { title: t('community.work'), dataIndex: 'title' },
                {
                  title: '',
                  dataIndex: 'type',
                  width: 80,
                  render: (type: number) => <Tag>{t(`workTypes.${WORK_TYPES[type] ?? 'comic'}`)}</Tag>,
                },
                { title: t('dashboard.views'), dataIndex: 'views', width: 90, align: 'right' as const },
              ]}
            />
          </Card>
        </Col>
        <Col span={10}>
          <Card title={t('dashboard.jobs')} size="small">
            {data.jobs.length === 0 && data.transcodes.processing === 0 && data.transcodes.waiting === 0 ? (
              <Empty description={t('dashboard.noJobs')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <List
                size="small"
                dataSource={[
                  ...data.jobs.map((job) => ({
                    key: `import-${job.id}`,
                    label: `${t('dashboard.import')} · ${job.label}`,
                    percent: job.total > 0 ? Math.round((job.done / job.total) * 100) : 0,
                  })),
                  ...(data.transcodes.processing + data.transcodes.waiting > 0
                    ? [
                        {
                          key: 'transcode',
                          label: t('dashboard.transcodes', data.transcodes),
                          percent: -1,
                        },
                      ]
                    : []),
                ]}
                renderItem={(item) => (
                  <List.Item key={item.key}>
                    <div style={{ width: '100%' }}>
                      <Typography.Text>{item.label}</Typography.Text>
                      {item.percent >= 0 && <Progress percent={item.percent} size="small" />}
                    </div>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
