/**
 * AI → Providers & prices, the chat model: whether one is connected, how to connect any
 * OpenAI-compatible server (hosted, or self-hosted Ollama / llama.cpp / vLLM) through the
 * environment, and "Test connection", which has the server send one real chat request to the
 * configured endpoint or to one typed here, and shows the latency and answer or the error.
 */
import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';

export interface ChatSettings {
  connected: boolean;
  provider: string;
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutS: number;
}

interface ChatTestResult {
  ok: boolean;
  latencyMs: number;
  reply: string;
  error: string;
}

const CONNECT_EXAMPLE = `AI_CHAT_PROVIDER=openai
AI_CHAT_BASE_URL=http://127.0.0.1:11434   # Ollama; llama.cpp: :8080, vLLM: :8000, or https://api.openai.com
AI_CHAT_MODEL=qwen2.5:3b
AI_CHAT_API_KEY=                          # optional`;

export function ChatModelCard({ chat }: { chat: ChatSettings }) {
  const { t } = useTranslation();
  const canTest = useCan('admin');
  const [form] = Form.useForm<{ baseUrl?: string; model?: string; apiKey?: string }>();
  const { mutateAsync, mutation } = useCustomMutation();
  const [result, setResult] = useState<ChatTestResult | null>(null);

  const test = async (values: { baseUrl?: string; model?: string; apiKey?: string }) => {
    setResult(null);
    const answer = await mutateAsync({
      url: '/ai/chat-test',
      method: 'post',
      values,
      // The outcome is shown in the card; only a refused call (a bad URL) is a notification.
      successNotification: false,
      errorNotification: (error) => ({ type: 'error', message: error?.message ?? t('common.failed') }),
    });
    setResult((answer.data as { data: ChatTestResult }).data);
  };

  return (
    <Card title={t('sysai.chat')} data-testid="ai-chat-model">
      <Descriptions column={1} size="small" bordered labelStyle={{ width: 180 }}>
        <Descriptions.Item label={t('sysai.provider')}>
          {chat.connected ? (
            <Tag color="green" data-testid="ai-chat-connected">
              {t('sysai.chatModel.connected')} · {chat.provider}
            </Tag>
          ) : (
            <Tag color="orange" data-testid="ai-chat-connected">
              {t('sysai.chatModel.notConnected')}
            </Tag>
          )}
        </Descriptions.Item>
        {chat.connected && (
          <>
            <Descriptions.Item label={t('sysai.endpoint')}>{chat.baseUrl || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('sysai.model')}>{chat.model}</Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('sysai.apiKey')}>
          <span data-testid="ai-chat-key">{chat.apiKey || '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('sysai.timeout')}>{chat.timeoutS} s</Descriptions.Item>
      </Descriptions>
      {!chat.connected && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          message={t('sysai.chatModel.notConnected')}
          description={t('sysai.chatModel.notConnectedHelp')}
          data-testid="ai-chat-not-connected"
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('sysai.chatModel.howTo')}
      </Typography.Title>
      <Typography.Paragraph>{t('sysai.chatModel.howToBody')}</Typography.Paragraph>
      <pre style={{ padding: 12, background: 'rgba(0, 0, 0, 0.04)', borderRadius: 6, overflowX: 'auto' }}>
        {CONNECT_EXAMPLE}
      </pre>
      <Typography.Paragraph type="secondary">{t('sysai.chatModel.howToKey')}</Typography.Paragraph>
      {canTest && (
        <>
          <Typography.Title level={5}>{t('sysai.chatModel.test')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('sysai.chatModel.testHelp')}</Typography.Paragraph>
          <Form form={form} layout="vertical" onFinish={(values) => void test(values)}>
            <Form.Item name="baseUrl" label={t('sysai.chatModel.baseUrl')}>
              <Input placeholder={t('sysai.chatModel.baseUrlPlaceholder')} data-testid="ai-chat-test-url" />
            </Form.Item>
            <Form.Item name="model" label={t('sysai.model')}>
              <Input placeholder={chat.model || 'qwen2.5:3b'} data-testid="ai-chat-test-model" />
            </Form.Item>
            <Form.Item name="apiKey" label={t('sysai.apiKey')}>
              <Input.Password
                placeholder={t('sysai.chatModel.keyPlaceholder')}
                autoComplete="off"
                data-testid="ai-chat-test-key"
              />
            </Form.Item>
            <Button htmlType="submit" loading={mutation.isPending} data-testid="ai-chat-test">
              {t('sysai.chatModel.test')}
            </Button>
          </Form>
          {result && (
            <Alert
              style={{ marginTop: 16 }}
              type={result.ok ? 'success' : 'error'}
              showIcon
              data-testid="ai-chat-test-result"
              message={
                result.ok
                  ? t('sysai.chatModel.testOk', { ms: result.latencyMs, reply: result.reply })
                  : t('sysai.chatModel.testFailed', { ms: result.latencyMs, error: result.error })
              }
            />
          )}
        </>
      )}
    </Card>
  );
}
