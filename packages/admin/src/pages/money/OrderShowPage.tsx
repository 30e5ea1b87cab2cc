/** Money → an order: its contents, times, ledger entries, and the refund (admin and owner). */
import { Show } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import { OrderFlags } from './OrderFlags';
import { STATUS_COLORS, yuan, type OrderDetail } from './types';

export function OrderShowPage() {
  const { t } = useTranslation();
  // The app's modal, not antd's static one: a static modal is outside the ConfigProvider and says
  // "OK" in English whatever the console's language.
  const { modal } = App.useApp();
  const { id } = useParams();
  const canAdmin = useCan('admin');
  const { query, result: order } = useShow<OrderDetail>({ resource: 'money/orders', id: id! });
  const { run, busy } = useAction(['money/orders']);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [form] = Form.useForm<{ reason: string }>();

  if (!order) return <Show isLoading={query.isLoading} />;
  return (
    <Show
      title={`${t('money.orders')} ${order.orderNo}`}
      headerButtons={
        <Space>
          {canAdmin && order.status === 'fulfilled' ? (
            <Button
              danger
              data-testid="refund-order"
              onClick={() => {
                setKey(crypto.randomUUID());
                form.setFieldsValue({ reason: '' });
                setOpen(true);
              }}
            >
              {t('money.refund')}
            </Button>
          ) : null}
          <Button onClick={() => query.refetch()}>{t('buttons.refresh')}</Button>
        </Space>
      }
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label={t('money.orderNo')}>{order.orderNo}</Descriptions.Item>
          <Descriptions.Item label={t('money.status')}>
            <Tag color={STATUS_COLORS[order.status]} data-testid="order-status">
              {t(`money.statuses.${order.status}`, { defaultValue: order.status })}
            </Tag>
            <OrderFlags order={order} />
          </Descriptions.Item>
          <Descriptions.Item label={t('money.user')}>
            <Link to={`/users/${order.userId}`}>#{order.userId}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('money.contents')}>
            {order.title} ({t(`money.kinds.${order.kind}`)})
          </Descriptions.Item>
          <Descriptions.Item label={t('money.amount')}>
            {yuan(order.amountFen)} {order.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('money.provider')}>
            {order.provider} {order.providerRef && <code>{order.providerRef}</code>}
          </Descriptions.Item>
          <Descriptions.Item label={t('money.created')}>{formatTime(order.createdTime)}</Descriptions.Item>
          <Descriptions.Item label={t('money.paid')}>{formatTime(order.paidTime)}</Descriptions.Item>
          <Descriptions.Item label={t('money.refundedAt')}>
            {formatTime(order.refundedTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('money.reason')}>{order.reason || '—'}</Descriptions.Item>
        </Descriptions>
        <Card title={t('money.entries')} size="small">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={order.entries}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              { title: t('money.kind'), dataIndex: 'kind', width: 110 },
              { title: t('money.contents'), dataIndex: 'title' },
              {
                title: t('money.legs'),
                key: 'legs',
                render: (_: unknown, entry: OrderDetail['entries'][number]) => (
                  <Space size={4} wrap>
                    {entry.legs.map((leg, i) => (
                      <Tag key={i} color={leg.amount < 0 ? 'red' : 'green'}>
                        {leg.userId === 0 ? 'system' : `#${leg.userId}`} {leg.kind}{' '}
                        {leg.amount > 0 ? '+' : ''}
                        {leg.amount}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
              { title: t('common.time'), dataIndex: 'createdTime', width: 150, render: formatTime },
            ]}
          />
        </Card>
      </Space>
      <Modal
        open={open}
        title={t('money.refundTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ danger: true, 'data-testid': 'refund-confirm' } as ButtonProps}
        okText={t('money.refund')}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Alert type="warning" showIcon message={t('money.refundHelp')} style={{ marginBottom: 16 }} />
        <Form
          form={form}
          layout="vertical"
          onFinish={async (values) => {
            const answer = (await run(
              'post',
              `/money/orders/${order.id}/refund`,
              { ...values, idempotencyKey: key },
              t('money.refunded'),
            )) as { keptCoins: number };
            if (answer.keptCoins > 0)
              modal.info({ content: t('money.keptCoins', { count: answer.keptCoins }) });
            setOpen(false);
            await query.refetch();
          }}
        >
          <Form.Item
            name="reason"
            label={t('money.refundReason')}
            rules={[{ required: true, whitespace: true, min: 2, max: 200 }]}
          >
            <Input data-testid="refund-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Show>
  );
}
