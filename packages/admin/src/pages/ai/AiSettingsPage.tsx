/** AI → Providers & prices: the providers in use (keys masked), styles and packs, and the editable prices and quotas. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Col, Descriptions, Form, InputNumber, Row, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';
import { ChatConcurrencyCard } from './ChatConcurrencyCard';
import { ChatModelCard, type ChatSettings } from './ChatModelCard';

interface Prices {
  freeDaily: number;
  chatCost: number;
}

interface AiSettings {
  images: {
    provider: string;
    openai: { baseUrl: string; apiKey: string; model: string };
    comfyui: { url: string; workflow: string };
    jobTimeoutS: number;
    maxJobsPerUser: number;
    concurrency: number;
    styles: { key: string; name: string; cost: number }[];
    packs: { key: string; coins: number; credits: number }[];
  };
  chat: ChatSettings;
  prices: Prices;
}

export function AiSettingsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('admin');
  const { result, query } = useCustom<{ data: AiSettings }>({ url: '/ai/settings', method: 'get' });
  const { run, busy } = useAction([]);
  const [form] = Form.useForm<Prices>();
  const settings = result?.data?.data;
  useEffect(() => {
    if (settings) form.setFieldsValue(settings.prices);
  }, [settings, form]);

  const save = async (values: Prices) => {
    await run('put', '/ai/prices', values, t('sysai.pricesSaved'));
    await query.refetch();
  };

  if (!settings) return <List title={t('sysai.menu.aiSettings')} />;
  const { images, chat } = settings;
  return (
    <List title={t('sysai.menu.aiSettings')}>
      <Row gutter={16}>
        <Col span={14}>
          <Card title={t('sysai.images')} style={{ marginBottom: 16 }}>
            <Descriptions column={1} size="small" bordered labelStyle={{ width: 180 }}>
              <Descriptions.Item label={t('sysai.provider')}>
                <Tag color="blue" data-testid="ai-image-provider">
                  {images.provider}
                </Tag>
              </Descriptions.Item>
              {images.provider === 'openai' && (
                <>
                  <Descriptions.Item label={t('sysai.endpoint')}>
                    {images.openai.baseUrl || '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('sysai.model')}>{images.openai.model}</Descriptions.Item>
                  <Descriptions.Item label={t('sysai.apiKey')}>
                    {images.openai.apiKey || '—'}
                  </Descriptions.Item>
                </>
              )}
              {images.provider === 'comfyui' && (
                <>
                  <Descriptions.Item label={t('sysai.endpoint')}>{images.comfyui.url}</Descriptions.Item>
                  <Descriptions.Item label={t('sysai.workflow')}>{images.comfyui.workflow}</Descriptions.Item>
                </>
              )}
              <Descriptions.Item label={t('sysai.limits')}>
                {t('sysai.limitsValue', {
                  timeout: images.jobTimeoutS,
                  perUser: images.maxJobsPerUser,
                  concurrency: images.concurrency,
                })}
              </Descriptions.Item>
              <Descriptions.Item label={t('sysai.styles')}>
                {images.styles.map((style) => (
                  <Tag key={style.key}>
                    {style.name} · {style.cost}
                  </Tag>
                ))}
              </Descriptions.Item>
              <Descriptions.Item label={t('sysai.packs')}>
                {images.packs.map((pack) => (
                  <Tag key={pack.key}>
                    {t('sysai.packValue', { credits: pack.credits, coins: pack.coins })}
                  </Tag>
                ))}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <ChatModelCard chat={chat} />
          <Alert type="info" showIcon message={t('sysai.providerHelp')} style={{ marginTop: 16 }} />
        </Col>
        <Col span={10}>
          <Card title={t('sysai.prices')}>
            <Alert type="info" showIcon message={t('sysai.pricesHelp')} style={{ marginBottom: 16 }} />
            <Form form={form} layout="vertical" onFinish={save} disabled={!canEdit}>
              <Form.Item
                name="freeDaily"
                label={t('sysai.freeDaily')}
                rules={[{ required: true, type: 'integer', min: 0, max: 100 }]}
              >
                <InputNumber
                  min={0}
                  max={100}
                  precision={0}
                  style={{ width: 160 }}
                  data-testid="ai-free-daily"
                />
              </Form.Item>
              <Form.Item
                name="chatCost"
                label={t('sysai.chatCost')}
                rules={[{ required: true, type: 'integer', min: 0, max: 1000 }]}
              >
                <InputNumber
                  min={0}
                  max={1000}
                  precision={0}
                  style={{ width: 160 }}
                  data-testid="ai-chat-cost"
                />
              </Form.Item>
              {canEdit && (
                <Button type="primary" htmlType="submit" loading={busy} data-testid="ai-prices-save">
                  {t('buttons.save')}
                </Button>
              )}
            </Form>
          </Card>
          <ChatConcurrencyCard />
        </Col>
      </Row>
    </List>
  );
}
