/**
 * Money → VIP plans & coins: the plans and packages the app's VIP and top-up pages sell (create,
 * edit price / days / coins / bonus / badge / order, put on or off sale), and the default chapter
 * price per work kind.
 */
import { List } from '@refinedev/antd';
import { useCustom, useList } from '@refinedev/core';
import {
  Button,
  type ButtonProps,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { WORK_TYPES } from '../../components/format';
import { useAction } from '../../components/use-action';
import { yuan, type CoinPackageRow, type VipPlanRow } from './types';
import { BatchDiscountsCard } from './BatchDiscountsCard';

type Editing = { type: 'vip'; row: VipPlanRow | null } | { type: 'coins'; row: CoinPackageRow | null } | null;

export function ProductsPage() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const plans = useList<VipPlanRow>({ resource: 'money/vip-plans', pagination: { mode: 'off' } });
  const packages = useList<CoinPackageRow>({ resource: 'money/coin-packages', pagination: { mode: 'off' } });
  const prices = useCustom<{ data: Record<string, number> }>({ url: '/money/chapter-prices', method: 'get' });
  const { run, busy } = useAction(['money/vip-plans', 'money/coin-packages']);
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<Record<string, unknown>>();
  const [priceForm] = Form.useForm<Record<string, number>>();
  const priceData = prices.result?.data?.data;
  useEffect(() => {
    if (priceData) priceForm.setFieldsValue(priceData);
  }, [priceData, priceForm]);

  const open = (next: Editing) => {
    form.resetFields();
    if (next?.row) form.setFieldsValue({ ...next.row, enabled: next.row.enabled === 1 });
    else if (next?.type === 'vip')
      form.setFieldsValue({ days: 30, first_price_fen: 0, badge: '', sort: 9, enabled: true });
    else form.setFieldsValue({ bonus: 0, bonus_days: 90, badge: '', sort: 9, enabled: true });
    setEditing(next);
  };

  const onOff = (enabled: number) =>
    enabled ? <Tag color="green">{t('money.enabled')}</Tag> : <Tag>{t('money.offSale')}</Tag>;

  return (
    <List title={t('money.products')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card
          title={t('money.vipPlans')}
          size="small"
          extra={
            canAdmin && (
              <Button onClick={() => open({ type: 'vip', row: null })} data-testid="new-vip-plan">
                {t('money.newPlan')}
              </Button>
            )
          }
        >
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            loading={plans.query.isLoading}
            dataSource={plans.result?.data ?? []}
            columns={[
              { title: t('money.sort'), dataIndex: 'sort', width: 70 },
              { title: t('money.code'), dataIndex: 'code', width: 110 },
              { title: t('money.name'), dataIndex: 'name' },
              { title: t('money.days'), dataIndex: 'days', width: 80 },
              {
                title: t('money.priceYuan'),
                dataIndex: 'price_fen',
                render: (fen: number) => <span data-testid="vip-price">¥{yuan(fen)}</span>,
              },
              {
                title: t('money.firstPriceYuan'),
                dataIndex: 'first_price_fen',
                render: (fen: number) => (fen ? `¥${yuan(fen)}` : '—'),
              },
              {
                title: t('money.badge'),
                dataIndex: 'badge',
                render: (b: string) => (b ? <Tag>{b}</Tag> : '—'),
              },
              { title: t('money.enabled'), dataIndex: 'enabled', width: 90, render: onOff },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 90,
                render: (_: unknown, row: VipPlanRow) =>
                  canAdmin && (
                    <Button
                      size="small"
                      onClick={() => open({ type: 'vip', row })}
                      data-testid={`edit-vip-${row.code}`}
                    >
                      {t('buttons.edit')}
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
        <Card
          title={t('money.coinPackages')}
          size="small"
          extra={
            canAdmin && (
              <Button onClick={() => open({ type: 'coins', row: null })}>{t('money.newPackage')}</Button>
            )
          }
        >
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            loading={packages.query.isLoading}
            dataSource={packages.result?.data ?? []}
            columns={[
              { title: t('money.sort'), dataIndex: 'sort', width: 70 },
              { title: t('money.coins'), dataIndex: 'coins' },
              { title: t('money.bonus'), dataIndex: 'bonus' },
              { title: t('money.bonusDaysShort'), dataIndex: 'bonus_days' },
              {
                title: t('money.priceYuan'),
                dataIndex: 'price_fen',
                render: (fen: number) => `¥${yuan(fen)}`,
              },
              {
                title: t('money.badge'),
                dataIndex: 'badge',
                render: (b: string) => (b ? <Tag>{b}</Tag> : '—'),
              },
              { title: t('money.enabled'), dataIndex: 'enabled', width: 90, render: onOff },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 90,
                render: (_: unknown, row: CoinPackageRow) =>
                  canAdmin && (
                    <Button size="small" onClick={() => open({ type: 'coins', row })}>
                      {t('buttons.edit')}
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
        <Card title={t('money.chapterPrices')} size="small">
          <Form
            form={priceForm}
            layout="inline"
            disabled={!canAdmin}
            onFinish={async (values) => {
              await run('put', '/money/chapter-prices', values, t('money.saved'));
              await prices.query.refetch();
            }}
          >
            {WORK_TYPES.map((type, kind) => (
              <Form.Item
                key={type}
                name={String(kind)}
                label={t(`workTypes.${type}`)}
                rules={[{ required: true }]}
              >
                <InputNumber min={0} max={100000} precision={0} />
              </Form.Item>
            ))}
            {canAdmin && (
              <Button type="primary" htmlType="submit" loading={busy}>
                {t('common.save')}
              </Button>
            )}
          </Form>
        </Card>
        <BatchDiscountsCard />
      </Space>
      <Modal
        open={editing !== null}
        title={
          editing?.type === 'vip'
            ? t(editing.row ? 'money.editPlan' : 'money.newPlan')
            : t(editing?.row ? 'money.editPackage' : 'money.newPackage')
        }
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okButtonProps={{ 'data-testid': 'product-save' } as ButtonProps}
        confirmLoading={busy}
        destroyOnHidden
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (values) => {
            if (!editing) return;
            const body = { ...values, enabled: values.enabled ? 1 : 0 };
            const base = editing.type === 'vip' ? '/money/vip-plans' : '/money/coin-packages';
            if (editing.row) await run('put', `${base}/${editing.row.id}`, body, t('money.saved'));
            else await run('post', base, body, t('money.saved'));
            setEditing(null);
          }}
        >
          {editing?.type === 'vip' ? (
            <>
              {!editing.row && (
                <Form.Item
                  name="code"
                  label={t('money.code')}
                  rules={[{ required: true, pattern: /^[a-z0-9_]{2,40}$/ }]}
                >
                  <Input />
                </Form.Item>
              )}
              <Form.Item name="name" label={t('money.name')} rules={[{ required: true, max: 80 }]}>
                <Input />
              </Form.Item>
              <Form.Item name="days" label={t('money.days')} rules={[{ required: true }]}>
                <InputNumber min={1} max={3660} precision={0} />
              </Form.Item>
              <Form.Item name="price_fen" label={t('money.price')} rules={[{ required: true }]}>
                <InputNumber min={1} max={10000000} precision={0} data-testid="price-input" />
              </Form.Item>
              <Form.Item name="first_price_fen" label={t('money.firstPrice')} rules={[{ required: true }]}>
                <InputNumber min={0} max={10000000} precision={0} />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item name="coins" label={t('money.coins')} rules={[{ required: true }]}>
                <InputNumber min={1} max={10000000} precision={0} />
              </Form.Item>
              <Form.Item name="bonus" label={t('money.bonus')} rules={[{ required: true }]}>
                <InputNumber min={0} max={10000000} precision={0} />
              </Form.Item>
              <Form.Item name="bonus_days" label={t('money.bonusDays')} rules={[{ required: true }]}>
                <InputNumber min={0} max={3660} precision={0} />
              </Form.Item>
              <Form.Item name="price_fen" label={t('money.price')} rules={[{ required: true }]}>
                <InputNumber min={1} max={10000000} precision={0} />
              </Form.Item>
            </>
          )}
          <Form.Item name="badge" label={t('money.badge')} rules={[{ max: 40 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="sort" label={t('money.sort')} rules={[{ required: true }]}>
            <InputNumber min={0} max={10000} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('money.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </List>
  );
}
