/**
 * Growth → Start-up settings: what /v3/app/start answers (spec §3): the splash (switch, countdown,
 * image and link), the install banner (download link, tagline) and the tab bar (AI tab on/off and
 * its target, the game tab). The server checks each field with the app's own schema.
 */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';
import { LINK_PATTERN } from './growth-settings-types';

const FLAGS = ['app_start_switch', 'app_tabbar_ai_mode', 'game_tab_mode'] as const;
type LinkField = 'url' | 'image' | 'app_download_url' | 'app_tabbar_ai_url' | 'game_tab_url';

export function StartupPage() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const { result, query } = useCustom<{ data: Record<string, string | number> }>({
    url: '/growth/start-settings',
    method: 'get',
  });
  const { run, busy } = useAction([]);
  const [form] = Form.useForm<Record<string, unknown>>();
  const settings = result?.data?.data;
  useEffect(() => {
    if (settings)
      form.setFieldsValue({ ...settings, ...Object.fromEntries(FLAGS.map((f) => [f, settings[f] === 1])) });
  }, [settings, form]);

  const flag = (name: (typeof FLAGS)[number]) => (
    <Form.Item name={name} label={t(`growthset.startup.${name}`)} valuePropName="checked">
      <Switch data-testid={`start-${name}`} />
    </Form.Item>
  );
  const link = (name: LinkField, placeholder = 'https://') => (
    <Form.Item
      name={name}
      label={t(`growthset.startup.${name}`)}
      rules={[{ max: 2048 }, { pattern: LINK_PATTERN, message: t('growthset.startup.linkRule') }]}
    >
      <Input placeholder={placeholder} data-testid={`start-${name}`} />
    </Form.Item>
  );

  return (
    <List title={t('growthset.startup.menu')}>
      <Form
        form={form}
        layout="vertical"
        disabled={!canAdmin}
        style={{ maxWidth: 1200 }}
        onFinish={async (values) => {
          const body = { ...values, ...Object.fromEntries(FLAGS.map((f) => [f, values[f] ? 1 : 0])) };
          await run('put', '/growth/start-settings', body, t('growthset.saved'));
          await query.refetch();
        }}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="info" showIcon message={t('growthset.startup.help')} />
          <Row gutter={16}>
            <Col span={12}>
              <Space direction="vertical" size="middle" style={{ width: '100%' }}>
                <Card title={t('growthset.startup.splash')} size="small" loading={query.isLoading}>
                  {flag('app_start_switch')}
                  <Form.Item
                    name="app_start_countdown"
                    label={t('growthset.startup.app_start_countdown')}
                    rules={[{ required: true }, { type: 'integer', min: 1, max: 30 }]}
                  >
                    <InputNumber min={1} max={30} precision={0} data-testid="start-app_start_countdown" />
                  </Form.Item>
                  {link('image')}
                  {link('url')}
                </Card>
                <Card title={t('growthset.startup.banner')} size="small" loading={query.isLoading}>
                  {link('app_download_url')}
                  <Form.Item name="app_text" label={t('growthset.startup.app_text')} rules={[{ max: 200 }]}>
                    <Input data-testid="start-app_text" />
                  </Form.Item>
                </Card>
              </Space>
            </Col>
            <Col span={12}>
              <Card title={t('growthset.startup.tabs')} size="small" loading={query.isLoading}>
                {flag('app_tabbar_ai_mode')}
                {link('app_tabbar_ai_url', '/pages/ai/ai')}
                {flag('game_tab_mode')}
                <Form.Item
                  name="game_tab_name"
                  label={t('growthset.startup.game_tab_name')}
                  rules={[{ max: 20 }]}
                >
                  <Input data-testid="start-game_tab_name" />
                </Form.Item>
                {link('game_tab_url')}
              </Card>
              {canAdmin && (
                <Button
                  type="primary"
                  htmlType="submit"
                  loading={busy}
                  data-testid="start-save"
                  style={{ marginTop: 16 }}
                >
                  {t('common.save')}
                </Button>
              )}
            </Col>
          </Row>
        </Space>
      </Form>
    </List>
  );
}
