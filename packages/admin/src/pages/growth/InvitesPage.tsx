/**
 * Growth → Invites: the programme's rewards (friend, inviter, the friend's first task and first
 * top-up) and rules (window, bonus lifetime, per-device / per-address limits), the top inviters
 * and the log of codes entered.
 */
import { List, useTable } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, InputNumber, Row, Space, Table } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import { INVITE_LIMITS, INVITE_REWARDS, type Invitation, type InvitesData } from './growth-settings-types';

export function InvitesPage() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const { result, query } = useCustom<{ data: InvitesData }>({ url: '/growth/invites', method: 'get' });
  const data = result?.data?.data;
  const { run, busy } = useAction(['growth/invitations']);
  const [form] = Form.useForm<Record<string, number>>();
  const { tableProps } = useTable<Invitation>({ resource: 'growth/invitations', syncWithLocation: false });
  useEffect(() => {
    if (data) form.setFieldsValue(data.rules);
  }, [data, form]);

  const field = (name: string, label: string) => {
    const [min, max] = data?.ranges[name] ?? [0, 1_000_000];
    return (
      <Form.Item
        key={name}
        name={name}
        label={label}
        rules={[{ required: true }, { type: 'integer', min, max }]}
        style={{ marginBottom: 12 }}
      >
        <InputNumber
          min={min}
          max={max}
          precision={0}
          style={{ width: 160 }}
          data-testid={`invite-${name}`}
        />
      </Form.Item>
    );
  };
  const userLink = (id: number) => <Link to={`/users/${id}`}>#{id}</Link>;

  return (
    <List title={t('growthset.invites.menu')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('growthset.invites.help')} />
        <Form
          form={form}
          layout="vertical"
          disabled={!canAdmin}
          onFinish={async (values) => {
            await run('put', '/growth/invites', values, t('growthset.saved'));
            await query.refetch();
          }}
        >
          <Row gutter={16}>
            <Col span={14}>
              <Card title={t('growthset.invites.rewards')} size="small" loading={query.isLoading}>
                {INVITE_REWARDS.map((kind) => (
                  <div key={kind}>
                    <div style={{ fontWeight: 500, marginBottom: 4 }}>
                      {t(`growthset.invites.rule.${kind}`)}
                    </div>
                    <Space size="large">
                      {field(`${kind}_coins`, t('growthset.invites.coins'))}
                      {field(`${kind}_vip_hours`, t('growthset.invites.vipHours'))}
                    </Space>
                  </div>
                ))}
              </Card>
            </Col>
            <Col span={10}>
              <Card title={t('growthset.invites.rules')} size="small" loading={query.isLoading}>
                {INVITE_LIMITS.map((name) => field(name, t(`growthset.invites.rule.${name}`)))}
                {canAdmin && (
                  <Button type="primary" htmlType="submit" loading={busy} data-testid="invite-save">
                    {t('common.save')}
                  </Button>
                )}
              </Card>
            </Col>
          </Row>
        </Form>
        <Row gutter={16}>
          <Col span={10}>
            <Card title={t('growthset.invites.leaders')} size="small">
              <Table
                rowKey="userId"
                size="small"
                pagination={false}
                loading={query.isLoading}
                dataSource={data?.leaders ?? []}
                columns={[
                  {
                    title: t('growthset.invites.user'),
                    dataIndex: 'userId',
                    render: (id: number, row) => (
                      <span>
                        {userLink(id)} {row.nickname}
                      </span>
                    ),
                  },
                  { title: t('growthset.invites.friends'), dataIndex: 'friends', width: 80 },
                  {
                    title: t('growthset.invites.earned'),
                    key: 'earned',
                    render: (_: unknown, row) =>
                      `${row.coins} ${t('growthset.units.coins')}${row.vipHours ? ` · ${row.vipHours} ${t('growthset.units.vip_hours')}` : ''}`,
                  },
                ]}
              />
            </Card>
          </Col>
          <Col span={14}>
            <Card title={t('growthset.invites.log')} size="small">
              <Table
                {...tableProps}
                rowKey="id"
                size="small"
                columns={[
                  { title: t('common.time'), dataIndex: 'time', render: (s: number) => formatTime(s) },
                  { title: t('growthset.invites.inviter'), dataIndex: 'inviterId', render: userLink },
                  { title: t('growthset.invites.invitee'), dataIndex: 'inviteeId', render: userLink },
                  { title: t('growthset.invites.code'), dataIndex: 'code' },
                  { title: t('growthset.invites.ip'), dataIndex: 'ip' },
                ]}
              />
            </Card>
          </Col>
        </Row>
      </Space>
    </List>
  );
}
