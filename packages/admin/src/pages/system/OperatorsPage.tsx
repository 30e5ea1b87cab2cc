/**
 * System → Operators (owner only): who may use the console. A new operator's two-factor enrolment
 * (QR code and secret) is shown once, right after creating them or issuing a new secret; hand it
 * to them in person.
 */
import { List, useTable } from '@refinedev/antd';
import { useGetIdentity } from '@refinedev/core';
import {
  Alert,
  Button,
  Form,
  Image,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Operator, Role } from '../../api/auth-provider';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';

interface OperatorRow {
  id: number;
  name: string;
  role: Role;
  disabled: number;
  createdTime: number;
  lastLoginTime: number;
}

interface Enrolment {
  name: string;
  secret: string;
  qr: string;
}

const ROLES: Role[] = ['owner', 'admin', 'moderator', 'viewer'];

export function OperatorsPage() {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<Operator>();
  const { tableProps } = useTable<OperatorRow>({ resource: 'operators', syncWithLocation: false });
  const { run, busy } = useAction(['operators']);
  const { run: runWithAnswer } = useAction(['operators']);
  const [creating, setCreating] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [form] = Form.useForm<{ name: string; password: string; role: Role }>();
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));

  return (
    <List
      title={t('menu.operators')}
      headerButtons={
        <Button
          type="primary"
          onClick={() => {
            form.setFieldsValue({ name: '', password: '', role: 'moderator' });
            setCreating(true);
          }}
        >
          {t('operators.create')}
        </Button>
      }
    >
      <Table
        {...tableProps}
        rowKey="id"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('operators.name'), dataIndex: 'name' },
          {
            title: t('operators.role'),
            dataIndex: 'role',
            render: (role: Role, row: OperatorRow) =>
              row.id === me?.id ? (
                <Tag>{t(`roles.${role}`)}</Tag>
              ) : (
                <Select
                  size="small"
                  value={role}
                  options={roleOptions}
                  style={{ width: 130 }}
                  onChange={(value) => run('put', `/operators/${row.id}`, { role: value })}
                />
              ),
          },
          {
            title: t('operators.enabled'),
            dataIndex: 'disabled',
            render: (disabled: number, row: OperatorRow) => (
              <Switch
                size="small"
                checked={disabled === 0}
                disabled={row.id === me?.id}
                onChange={(on) => run('put', `/operators/${row.id}`, { disabled: !on })}
              />
            ),
          },
          { title: t('operators.lastLogin'), dataIndex: 'lastLoginTime', render: formatTime },
          { title: t('users.created'), dataIndex: 'createdTime', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: OperatorRow) =>
              row.id === me?.id ? null : (
                <Button
                  size="small"
                  onClick={async () => {
                    const answer = await runWithAnswer('post', `/operators/${row.id}/reset-totp`, {});
                    setEnrolment(answer as Enrolment);
                  }}
                >
                  {t('operators.resetTotp')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('operators.create')}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async (values) => {
            const answer = await runWithAnswer('post', '/operators', values);
            setCreating(false);
            setEnrolment(answer as Enrolment);
          }}
        >
          <Form.Item
            name="name"
            label={t('operators.name')}
            rules={[{ required: true, pattern: /^[A-Za-z0-9_.@-]{2,64}$/ }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, min: 10 }]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')}>
            <Select options={roleOptions} />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={enrolment !== null}
        title={t('operators.enrolment')}
        footer={null}
        onCancel={() => setEnrolment(null)}
      >
        {enrolment && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <Alert type="warning" showIcon message={t('operators.enrolmentHelp', { name: enrolment.name })} />
            <Image src={enrolment.qr} width={220} preview={false} alt="TOTP QR" />
            <Typography.Text copyable code>
              {enrolment.secret}
            </Typography.Text>
          </Space>
        )}
      </Modal>
    </List>
  );
}
