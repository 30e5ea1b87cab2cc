/** The header: language, the signed-in operator's name and role, and sign-out. */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Segmented, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Operator } from '../api/auth-provider';
import { setLanguage, type Language } from '../i18n';

const ROLE_COLORS = { owner: 'magenta', admin: 'blue', moderator: 'green', viewer: 'default' } as const;

export function ConsoleHeader() {
  const { t, i18n } = useTranslation();
  const { data: operator } = useGetIdentity<Operator>();
  const { mutate: logout } = useLogout();
  const queries = useQueryClient();
  return (
    <Layout.Header
      style={{
        background: '#fff',
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'center',
        padding: '0 24px',
        height: 56,
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <Space size="middle">
        <Segmented
          size="small"
          value={i18n.language}
          options={[
            { label: '中文', value: 'zh-CN' },
            { label: 'English', value: 'en' },
          ]}
          onChange={(value) => {
            setLanguage(value as Language);
            // Titles the server wrote in the old language (ledger, orders) are read again.
            void queries.invalidateQueries();
          }}
        />
        {operator && (
          <Space data-testid="operator">
            <UserOutlined />
            <Typography.Text strong>{operator.name}</Typography.Text>
            <Tag color={ROLE_COLORS[operator.role]}>{t(`roles.${operator.role}`)}</Tag>
          </Space>
        )}
        <Button icon={<LogoutOutlined />} onClick={() => logout()} data-testid="logout">
          {t('auth.logout')}
        </Button>
      </Space>
    </Layout.Header>
  );
}
