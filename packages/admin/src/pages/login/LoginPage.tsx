/**
 * Sign-in in two steps: name and password, then (when the server says the password was right) the
 * 6-digit code from the operator's authenticator app. The password stays in the form state so the
 * second step can send all three; nothing is stored. The provider is called directly rather than
 * through Refine's useLogin, whose auth refresh after a refused attempt remounts this page and would
 * drop the step; a successful sign-in reloads the console, which then reads the session from /auth/me.
 */
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Layout, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authProvider } from '../../api/auth-provider';
import { setLanguage, type Language } from '../../i18n';

interface Credentials {
  name: string;
  password: string;
  code?: string;
}

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Credentials>();
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const submit = async (values: Credentials) => {
    setError(null);
    setPending(true);
    const answer = await authProvider.login(values);
    setPending(false);
    if (answer.success) {
      window.location.assign('/admin/');
      return;
    }
    if (answer.error?.name === 'totp') {
      setStep('totp');
      return;
    }
    setError(answer.error?.message ?? t('auth.failed'));
    if (step === 'totp') form.setFieldValue('code', '');
  };

  return (
    <Layout
      style={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', background: '#f5f5f7' }}
    >
      <Card style={{ width: 400 }} data-testid="login-card">
        <div
          style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}
        >
          <Typography.Title level={3} style={{ margin: 0, color: '#FD586D' }}>
            {t('app.title')}
          </Typography.Title>
          <Segmented
            size="small"
            value={i18n.language}
            options={[
              { label: '中文', value: 'zh-CN' },
              { label: 'EN', value: 'en' },
            ]}
            onChange={(value) => setLanguage(value as Language)}
          />
        </div>
        <Typography.Paragraph type="secondary">
          {step === 'password' ? t('auth.intro') : t('auth.totpIntro')}
        </Typography.Paragraph>
        {error && (
          <Alert
            type="error"
            message={error}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        )}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="name" label={t('auth.name')} rules={[{ required: true }]} hidden={step === 'totp'}>
            <Input prefix={<UserOutlined />} autoComplete="username" data-testid="login-name" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('auth.password')}
            rules={[{ required: true }]}
            hidden={step === 'totp'}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="current-password"
              data-testid="login-password"
            />
          </Form.Item>
          {step === 'totp' && (
            <Form.Item
              name="code"
              label={t('auth.code')}
              rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.codeFormat') }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                data-testid="login-code"
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
            {step === 'password' ? t('auth.next') : t('auth.signIn')}
          </Button>
          {step === 'totp' && (
            <Button type="link" block onClick={() => setStep('password')}>
              {t('auth.back')}
            </Button>
          )}
        </Form>
      </Card>
    </Layout>
  );
}
