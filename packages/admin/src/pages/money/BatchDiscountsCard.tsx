/** Batch-unlock discount tiers (`money.batch_discounts`): chapters bought at once → percent off. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Form, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

interface Tier {
  count: number;
  percent: number;
}

export function BatchDiscountsCard() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const tiers = useCustom<{ data: Tier[] }>({ url: '/money/batch-discounts', method: 'get' });
  const { run, busy } = useAction([]);
  const [form] = Form.useForm<{ tiers: Tier[] }>();
  const saved = tiers.result?.data?.data;
  useEffect(() => {
    if (saved) form.setFieldsValue({ tiers: saved });
  }, [saved, form]);
  return (
    <Card title={t('opset.discounts.title')} size="small">
      <Alert type="info" showIcon message={t('opset.discounts.help')} style={{ marginBottom: 12 }} />
      <Form
        form={form}
        disabled={!canAdmin}
        onFinish={async (values) => {
          await run(
            'put',
            '/money/batch-discounts',
            { tiers: values.tiers ?? [] },
            t('opset.discounts.saved'),
          );
          await tiers.query.refetch();
        }}
      >
        <Form.List name="tiers">
          {(fields, { add, remove }) => (
            <Space direction="vertical">
              {fields.map((field) => (
                <Space key={field.key} align="baseline">
                  <Form.Item
                    name={[field.name, 'count']}
                    label={t('opset.discounts.count')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber min={2} max={200} precision={0} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'percent']}
                    label={t('opset.discounts.percent')}
                    rules={[{ required: true }]}
                  >
                    <InputNumber min={1} max={90} precision={0} />
                  </Form.Item>
                  {canAdmin && <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} />}
                </Space>
              ))}
              {canAdmin && (
                <Space>
                  <Button
                    icon={<PlusOutlined />}
                    disabled={fields.length >= 10}
                    onClick={() => add({ count: 5, percent: 5 })}
                  >
                    {t('opset.discounts.addTier')}
                  </Button>
                  <Button type="primary" htmlType="submit" loading={busy} data-testid="discounts-save">
                    {t('common.save')}
                  </Button>
                </Space>
              )}
            </Space>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
