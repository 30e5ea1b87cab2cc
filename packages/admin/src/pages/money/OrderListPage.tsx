/** Money → Orders: payment orders with filters (status, provider, kind, user, created date range). */
import { List, useTable } from '@refinedev/antd';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { Button, DatePicker, Form, Input, InputNumber, Select, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../components/format';
import { OrderFlags } from './OrderFlags';
import { STATUS_COLORS, yuan, type AdminOrder } from './types';

interface Search {
  status?: string;
  provider?: string;
  kind?: 'vip' | 'coins';
  userId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const STATUSES = ['created', 'paid', 'fulfilled', 'refunded', 'expired', 'failed', 'cancelled'];

export function OrderListPage() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<AdminOrder, HttpError, Search>({
    resource: 'money/orders',
    syncWithLocation: false,
    onSearch: (values): CrudFilters => [
      { field: 'status', operator: 'eq', value: values.status },
      { field: 'provider', operator: 'eq', value: values.provider?.trim() },
      { field: 'kind', operator: 'eq', value: values.kind },
      { field: 'userId', operator: 'eq', value: values.userId },
      { field: 'from', operator: 'eq', value: values.range?.[0]?.startOf('day').unix() },
      { field: 'to', operator: 'eq', value: values.range?.[1]?.add(1, 'day').startOf('day').unix() },
    ],
  });

  return (
    <List title={t('money.orders')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('money.status')}
            style={{ width: 130 }}
            options={STATUSES.map((s) => ({
              value: s,
              label: t(`money.statuses.${s}`, { defaultValue: s }),
            }))}
          />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            placeholder={t('money.kind')}
            style={{ width: 110 }}
            options={[
              { value: 'coins', label: t('money.kinds.coins') },
              { value: 'vip', label: t('money.kinds.vip') },
            ]}
          />
        </Form.Item>
        <Form.Item name="provider">
          <Input placeholder={t('money.provider')} style={{ width: 120 }} allowClear />
        </Form.Item>
        <Form.Item name="userId">
          <InputNumber
            placeholder={t('money.user')}
            min={1}
            style={{ width: 110 }}
            data-testid="order-user"
          />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" data-testid="order-search">
          {t('common.search')}
        </Button>
      </Form>
      <Table
        {...tableProps}
        rowKey="id"
        columns={[
          {
            title: t('money.orderNo'),
            dataIndex: 'orderNo',
            render: (no: string, row: AdminOrder) => <Link to={`/money/orders/${row.id}`}>{no}</Link>,
          },
          {
            title: t('money.user'),
            dataIndex: 'userId',
            width: 80,
            render: (id: number) => <Link to={`/users/${id}`}>{id}</Link>,
          },
          { title: t('money.contents'), dataIndex: 'title' },
          {
            title: t('money.kind'),
            dataIndex: 'kind',
            width: 80,
            render: (kind: 'vip' | 'coins') => t(`money.kinds.${kind}`),
          },
          { title: t('money.provider'), dataIndex: 'provider', width: 100 },
          {
            title: t('money.amount'),
            key: 'amount',
            width: 110,
            align: 'right' as const,
            render: (_: unknown, row: AdminOrder) => `${yuan(row.amountFen)} ${row.currency}`,
          },
          {
            title: t('money.status'),
            dataIndex: 'status',
            width: 100,
            render: (status: string, row: AdminOrder) => (
              <>
                <Tag color={STATUS_COLORS[status]}>
                  {t(`money.statuses.${status}`, { defaultValue: status })}
                </Tag>
                <OrderFlags order={row} />
              </>
            ),
          },
          { title: t('money.created'), dataIndex: 'createdTime', width: 150, render: formatTime },
        ]}
      />
    </List>
  );
}
