/** A system message to every user of the app. */
import { List } from '@refinedev/antd';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

export function NoticePage() {
  const { t } = useTranslation();
  const canSend = useCan('admin');
  const [form] = Form.useForm<{ title: string; content: string }>();
  const { run, busy } = useAction([]);
  return (
    <List title={t('menu.notices')}>
      <Card style={{ maxWidth: 720 }}>
        <Alert type="info" showIcon message={t('community.noticeHelp')} style={{ marginBottom: 16 }} />
        <Form
          form={form}
          layout="vertical"
          disabled={!canSend}
          onFinish={async (values) => {
            await run('post', '/community/notices', values, t('community.noticeSent'));
            form.resetFields();
          }}
        >
          <Form.Item
            name="title"
            label={t('community.noticeTitle')}
            rules={[{ required: true, whitespace: true, max: 200 }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('community.content')}
            rules={[{ required: true, whitespace: true, max: 2000 }]}
          >
            <Input.TextArea rows={5} showCount maxLength={2000} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('community.send')}
          </Button>
        </Form>
      </Card>
    </List>
  );
}
