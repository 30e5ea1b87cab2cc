/** Growth → App update: the version, notes and force flag the app's update prompt shows (spec §3). */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Form, Input, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

interface UpdateConfig {
  versionName: string;
  describe: string;
  updateLink: string;
  force: 0 | 1;
  maskClickClose: 0 | 1;
  uninstallPrompt: 0 | 1;
  downloadingText: string;
  successText: string;
  errorText: string;
}

const FLAGS = ['force', 'maskClickClose', 'uninstallPrompt'] as const;

export function UpdateConfigPage() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const { result, query } = useCustom<{ data: UpdateConfig }>({
    url: '/growth/update-config',
    method: 'get',
  });
  const { run, busy } = useAction([]);
  const [form] = Form.useForm<Record<string, unknown>>();
  const config = result?.data?.data;
  useEffect(() => {
    if (config)
      form.setFieldsValue({ ...config, ...Object.fromEntries(FLAGS.map((f) => [f, config[f] === 1])) });
  }, [config, form]);

  return (
    <List title={t('growth.update')}>
      <Card loading={query.isLoading} style={{ maxWidth: 760 }}>
        <Alert type="info" showIcon message={t('growth.updateHelp')} style={{ marginBottom: 16 }} />
        <Form
          form={form}
          layout="vertical"
          disabled={!canAdmin}
          onFinish={async (values) => {
            const body = { ...values, ...Object.fromEntries(FLAGS.map((f) => [f, values[f] ? 1 : 0])) };
            await run('put', '/growth/update-config', body, t('growth.saved'));
            await query.refetch();
          }}
        >
          <Form.Item name="versionName" label={t('growth.versionName')} rules={[{ max: 64 }]}>
            <Input data-testid="update-version" placeholder="2.1.0" />
          </Form.Item>
          <Form.Item name="describe" label={t('growth.notes')} rules={[{ max: 20000 }]}>
            <Input.TextArea rows={5} data-testid="update-notes" />
          </Form.Item>
          <Form.Item
            name="updateLink"
            label={t('growth.link')}
            rules={[{ pattern: /^(https?:\/\/.+)?$/, message: t('growth.linkRule') }]}
          >
            <Input placeholder="https://" />
          </Form.Item>
          {FLAGS.map((flag) => (
            <Form.Item key={flag} name={flag} label={t(`growth.flags.${flag}`)} valuePropName="checked">
              <Switch data-testid={`update-${flag}`} />
            </Form.Item>
          ))}
          <Form.Item name="downloadingText" label={t('growth.downloadingText')} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="successText" label={t('growth.successText')} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="errorText" label={t('growth.errorText')} rules={[{ max: 200 }]}>
            <Input />
          </Form.Item>
          {canAdmin && (
            <Button type="primary" htmlType="submit" loading={busy} data-testid="update-save">
              {t('common.save')}
            </Button>
          )}
        </Form>
      </Card>
    </List>
  );
}
