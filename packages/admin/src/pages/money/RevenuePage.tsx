/** Money → Revenue: gross, refunds and net per day / week / month, kind and provider, from the ledger. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { DatePicker, Radio, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yuan } from './types';

interface Row {
  bucket: string;
  kind: string;
  provider: string;
  grossFen: number;
  refundsFen: number;
  netFen: number;
}

export function RevenuePage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<'day' | 'week' | 'month'>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([
    dayjs().subtract(29, 'day').startOf('day'),
    dayjs().endOf('day'),
  ]);
  const { result, query } = useCustom<{ data: Row[]; totals: Omit<Row, 'bucket' | 'kind' | 'provider'> }>({
    url: '/money/revenue',
    method: 'get',
    config: {
      query: {
        period,
        from: range[0].startOf('day').unix(),
        to: range[1].add(1, 'day').startOf('day').unix(),
      },
    },
  });
  const answer = result?.data;
  return (
    <List title={t('money.revenue')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <Radio.Group value={period} onChange={(e) => setPeriod(e.target.value as typeof period)}>
          {(['day', 'week', 'month'] as const).map((p) => (
            <Radio.Button key={p} value={p}>
              {t(`money.periods.${p}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          onChange={(next) => next?.[0] && next[1] && setRange([next[0], next[1]])}
        />
        <Typography.Text type="secondary">{t('money.revenueNote')}</Typography.Text>
      </Space>
      <Table
        rowKey={(row) => `${row.bucket}|${row.kind}|${row.provider}`}
        size="small"
        loading={query.isLoading}
        dataSource={answer?.data ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          { title: t('money.bucket'), dataIndex: 'bucket', width: 130 },
          {
            title: t('money.kind'),
            dataIndex: 'kind',
            render: (kind: string) => t(`money.kinds.${kind === 'vip' || kind === 'coins' ? kind : 'other'}`),
          },
          { title: t('money.provider'), dataIndex: 'provider' },
          { title: t('money.gross'), dataIndex: 'grossFen', align: 'right' as const, render: yuan },
          { title: t('money.refunds'), dataIndex: 'refundsFen', align: 'right' as const, render: yuan },
          { title: t('money.net'), dataIndex: 'netFen', align: 'right' as const, render: yuan },
        ]}
        summary={() =>
          answer?.totals ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <b>{t('money.total')}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <b>{yuan(answer.totals.grossFen)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <b>{yuan(answer.totals.refundsFen)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <b data-testid="revenue-net">{yuan(answer.totals.netFen)}</b>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </List>
  );
}
