/** Chat replies one user may have generating at once (`ai.chat_concurrency`). */
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

export function ChatConcurrencyCard() {
  const { t } = useTranslation();
  const canEdit = useCan('admin');
  const limit = useCustom<{ data: { chatConcurrency: number } }>({
    url: '/ai/chat-concurrency',
    method: 'get',
  });
  const { run, busy } = useAction([]);
  const [form] = Form.useForm<{ chatConcurrency: number }>();
  const saved = limit.result?.data?.data;
  useEffect(() => {
    if (saved) form.setFieldsValue(saved);
  }, [saved, form]);
  return (
    <Card title={t('opset.chatLimit.title')} style={{ marginTop: 16 }}>
      <Alert type="info" showIcon message={t('opset.chatLimit.help')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="inline"
        disabled={!canEdit}
        onFinish={async (values) => {
          await run('put', '/ai/chat-concurrency', values, t('opset.chatLimit.saved'));
          await limit.query.refetch();
        }}
      >
        <Form.Item name="chatConcurrency" label={t('opset.chatLimit.label')} rules={[{ required: true }]}>
          <InputNumber min={1} max={20} precision={0} data-testid="ai-chat-concurrency" />
        </Form.Item>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
