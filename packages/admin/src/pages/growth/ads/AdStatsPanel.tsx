/**
 * An ad's impressions, clicks and CTR per UTC day (ad_stats_daily) with period and all-time
 * totals. Loaded lazily by the edit page, so recharts stays out of the console's main chunk.
 */
import { useCustom } from '@refinedev/core';
import { Card, Col, Radio, Row, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { percent, type AdStats } from './types';

const COLORS = { impressions: '#4E7CF6', clicks: '#FD586D', ctr: '#2BB673' };
const shortDate = (date: string) => date.slice(5);

export default function AdStatsPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const { result, query } = useCustom<{ data: AdStats }>({
    url: `/growth/ads/${id}/stats`,
    method: 'get',
    config: { query: { days } },
  });
  const stats = result?.data?.data;
  const series = (stats?.days ?? []).map((d) => ({ ...d, ctrPercent: Math.round(d.ctr * 10_000) / 100 }));
  return (
    <Card
      title={t('ads.stats')}
      loading={query.isLoading}
      data-testid="ad-stats"
      extra={
        <Radio.Group value={days} onChange={(e) => setDays(e.target.value as number)} size="small">
          {[7, 30, 90].map((n) => (
            <Radio.Button key={n} value={n}>
              {t('ads.statsDays', { count: n })}
            </Radio.Button>
          ))}
        </Radio.Group>
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {(['period', 'allTime'] as const).map((which) => (
          <Col span={12} key={which}>
            <Space size={32}>
              <Statistic
                title={`${t(`ads.${which}`)} · ${t('ads.impressions')}`}
                value={stats?.[which].impressions ?? 0}
              />
              <Statistic title={t('ads.clicks')} value={stats?.[which].clicks ?? 0} />
              <Statistic
                title={t('ads.ctr')}
                value={stats ? percent(stats[which].ctr) : '—'}
                valueStyle={{ color: COLORS.ctr }}
              />
            </Space>
          </Col>
        ))}
      </Row>
      <div style={{ height: 260 }}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={series}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDate} fontSize={12} />
            <YAxis yAxisId="count" allowDecimals={false} fontSize={12} width={48} />
            <YAxis yAxisId="ctr" orientation="right" unit="%" fontSize={12} width={48} />
            <Tooltip />
            <Legend />
            <Bar
              yAxisId="count"
              isAnimationActive={false}
              dataKey="impressions"
              name={t('ads.impressions')}
              fill={COLORS.impressions}
              fillOpacity={0.6}
            />
            <Bar
              yAxisId="count"
              isAnimationActive={false}
              dataKey="clicks"
              name={t('ads.clicks')}
              fill={COLORS.clicks}
            />
            <Line
              yAxisId="ctr"
              isAnimationActive={false}
              type="monotone"
              dataKey="ctrPercent"
              name={`${t('ads.ctr')} %`}
              stroke={COLORS.ctr}
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </Card>
  );
}
