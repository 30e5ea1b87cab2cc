/**
 * A user's page: profile and wallet, ban / unban, grants through the ledger, and tabs for devices,
 * app sessions (revoke), orders, ledger entries, comments and reports.
 */
import { Show, useTable } from '@refinedev/antd';
import { useShow } from '@refinedev/core';
import {
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan, useModerationOnly } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import type { AdminComment } from '../community/ModerationPage';
import type { UserProfile } from './types';
import { UserStatusTags } from './UserListPage';

const MONEY_TABS = ['orders', 'ledger'];

interface UserDetail {
  id: number;
  now: number;
  profile: UserProfile;
  wallet: { cion: number; ticket: number; total: number; vip: number; viptime: number };
  devices: { deviceid: string; facility: string; firstTime: number; lastTime: number }[];
  sessions: {
    id: number;
    deviceid: string;
    facility: string;
    createdTime: number;
    lastSeenTime: number;
    revokedTime: number | null;
  }[];
  reportsFiled: { id: number; commentId: number; reason: string; time: number; content: string | null }[];
  reportsAgainst: number;
}

function SubTable<T extends object>({
  resource,
  columns,
  filters,
}: {
  resource: string;
  columns: object[];
  filters?: { field: string; value: unknown }[];
}) {
  const { tableProps } = useTable<T & { id: number }>({
    resource,
    syncWithLocation: false,
    filters: { permanent: (filters ?? []).map((f) => ({ ...f, operator: 'eq' as const })) },
    pagination: { pageSize: 10 },
  });
  return <Table {...tableProps} rowKey="id" size="small" columns={columns as never} />;
}

export function UserShowPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const canModerate = useCan('moderator');
  const canAdmin = useCan('admin');
  // Moderators are moderation only: a user's orders and ledger are not theirs to read.
  const readsMoney = !useModerationOnly();
  const { query, result } = useShow<UserDetail>({ resource: 'users', id: id! });
  const detail = result;
  const { run, busy } = useAction(['users']);
  const [banOpen, setBanOpen] = useState(false);
  const [grantOpen, setGrantOpen] = useState(false);
  const [grantKey, setGrantKey] = useState('');
  const [banForm] = Form.useForm<{ days: number; reason: string }>();
  const [grantForm] = Form.useForm<{ kind: 'coins' | 'vip_days'; amount: number; reason: string }>();
  const refresh = () => query.refetch();

  if (!detail) return <Show isLoading={query.isLoading} />;
  const { profile, now } = detail;
  const banned = profile.bannedUntil > now;

  return (
    <Show
      title={`${profile.nickname || '—'} (#${profile.id})`}
      headerButtons={
        <Space>
          {canModerate &&
            (banned ? (
              <Button
                onClick={async () => {
                  await run('post', `/users/${profile.id}/unban`, {}, t('users.unbanned'));
                  await refresh();
                }}
              >
                {t('users.unban')}
              </Button>
            ) : (
              <Button
                danger
                onClick={() => {
                  banForm.setFieldsValue({ days: 7, reason: '' });
                  setBanOpen(true);
                }}
                data-testid="ban-user"
              >
                {t('users.ban')}
              </Button>
            ))}
          {canAdmin && (
            <Button
              type="primary"
              onClick={() => {
                // One key per opened form: a retried or double-clicked grant is applied once.
                setGrantKey(crypto.randomUUID());
                grantForm.setFieldsValue({ kind: 'coins', amount: 100, reason: '' });
                setGrantOpen(true);
              }}
              data-testid="grant-user"
            >
              {t('users.grant')}
            </Button>
          )}
          {canAdmin && (
            <Button
              onClick={async () => {
                await run('post', `/users/${profile.id}/sessions/revoke`, {}, t('users.signedOut'));
                await refresh();
              }}
            >
              {t('users.revokeAll')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Descriptions column={3} size="small" data-testid="user-profile">
            <Descriptions.Item label={t('users.status')}>
              <UserStatusTags user={profile} now={now} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.loginName')}>{profile.name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.tel')}>{profile.tel || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.email')}>{profile.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.created')}>
              {formatTime(profile.createdTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.inviteCode')}>{profile.inviteCode || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('users.paidCoins')}>{detail.wallet.cion}</Descriptions.Item>
            <Descriptions.Item label={t('users.bonusCoins')}>{detail.wallet.ticket}</Descriptions.Item>
            <Descriptions.Item label={t('users.vipUntil')}>
              {profile.viptime > now ? formatTime(profile.viptime) : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.banUntil')}>
              {banned ? (
                <Typography.Text type="danger">
                  {formatTime(profile.bannedUntil)} · {profile.banReason}
                </Typography.Text>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.reportsAgainst')}>{detail.reportsAgainst}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card>
          <Tabs
            items={[
              {
                key: 'sessions',
                label: t('users.sessions'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    dataSource={detail.sessions}
                    pagination={false}
                    columns={[
                      { title: t('users.device'), dataIndex: 'deviceid' },
                      { title: t('users.facility'), dataIndex: 'facility' },
                      { title: t('users.created'), dataIndex: 'createdTime', render: formatTime },
                      { title: t('users.lastSeen'), dataIndex: 'lastSeenTime', render: formatTime },
                      {
                        title: t('users.status'),
                        dataIndex: 'revokedTime',
                        render: (revoked: number | null, row) =>
                          revoked ? (
                            <Tag>{t('users.revoked')}</Tag>
                          ) : canAdmin ? (
                            <Button
                              size="small"
                              onClick={async () => {
                                await run(
                                  'post',
                                  `/users/${profile.id}/sessions/revoke`,
                                  { sessionId: row.id },
                                  t('users.signedOut'),
                                );
                                await refresh();
                              }}
                            >
                              {t('users.revoke')}
                            </Button>
                          ) : (
                            <Tag color="green">{t('users.active')}</Tag>
                          ),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'devices',
                label: t('users.devices'),
                children: (
                  <Table
                    rowKey="deviceid"
                    size="small"
                    dataSource={detail.devices}
                    pagination={false}
                    columns={[
                      { title: t('users.device'), dataIndex: 'deviceid' },
                      { title: t('users.facility'), dataIndex: 'facility' },
                      { title: t('users.firstSeen'), dataIndex: 'firstTime', render: formatTime },
                      { title: t('users.lastSeen'), dataIndex: 'lastTime', render: formatTime },
                    ]}
                  />
                ),
              },
              {
                key: 'orders',
                label: t('users.orders'),
                children: (
                  <SubTable
                    resource={`users/${profile.id}/orders`}
                    columns={[
                      { title: t('users.orderNo'), dataIndex: 'orderNo' },
                      { title: t('users.product'), dataIndex: 'title' },
                      {
                        title: t('users.amount'),
                        dataIndex: 'amountFen',
                        render: (fen: number, row: { currency: string }) =>
                          `${(fen / 100).toFixed(2)} ${row.currency}`,
                      },
                      { title: t('users.method'), dataIndex: 'method' },
                      {
                        title: t('users.status'),
                        dataIndex: 'status',
                        render: (s: string) => <Tag>{s}</Tag>,
                      },
                      { title: t('users.created'), dataIndex: 'createdTime', render: formatTime },
                    ]}
                  />
                ),
              },
              {
                key: 'ledger',
                label: t('users.ledger'),
                children: (
                  <SubTable
                    resource={`users/${profile.id}/ledger`}
                    columns={[
                      { title: 'ID', dataIndex: 'id', width: 70 },
                      {
                        title: t('users.entryKind'),
                        dataIndex: 'kind',
                        render: (k: string) => <Tag>{k}</Tag>,
                      },
                      { title: t('users.entryTitle'), dataIndex: 'title' },
                      {
                        title: t('users.moves'),
                        dataIndex: 'moves',
                        render: (moves: Record<string, number>) =>
                          Object.entries(moves).map(([kind, amount]) => (
                            <Tag key={kind} color={amount >= 0 ? 'green' : 'red'}>
                              {kind} {amount >= 0 ? '+' : ''}
                              {amount}
                            </Tag>
                          )),
                      },
                      { title: t('common.time'), dataIndex: 'time', render: formatTime },
                    ]}
                  />
                ),
              },
              {
                key: 'comments',
                label: t('users.comments'),
                children: (
                  <SubTable<AdminComment>
                    resource="community/comments"
                    filters={[{ field: 'userId', value: profile.id }]}
                    columns={[
                      { title: t('community.work'), dataIndex: 'workTitle' },
                      { title: t('community.content'), dataIndex: 'content' },
                      {
                        title: t('community.statusTitle'),
                        dataIndex: 'status',
                        render: (s: number) => <Tag>{t(`community.status.${s}`)}</Tag>,
                      },
                      { title: t('common.time'), dataIndex: 'createdTime', render: formatTime },
                    ]}
                  />
                ),
              },
              {
                key: 'reports',
                label: t('users.reportsFiled'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    dataSource={detail.reportsFiled}
                    pagination={false}
                    columns={[
                      { title: t('community.reasons'), dataIndex: 'reason' },
                      {
                        title: t('community.content'),
                        dataIndex: 'content',
                        render: (c: string | null) => c ?? t('community.deleted'),
                      },
                      { title: t('common.time'), dataIndex: 'time', render: formatTime },
                    ]}
                  />
                ),
              },
            ].filter((tab) => readsMoney || !MONEY_TABS.includes(tab.key))}
          />
        </Card>
      </Space>
      <Modal
        open={banOpen}
        title={t('users.banTitle')}
        onCancel={() => setBanOpen(false)}
        onOk={() => banForm.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form
          form={banForm}
          layout="vertical"
          onFinish={async (values) => {
            await run('post', `/users/${profile.id}/ban`, values, t('users.bannedDone'));
            setBanOpen(false);
            await refresh();
          }}
        >
          <Form.Item name="days" label={t('users.banDays')} rules={[{ required: true }]}>
            <InputNumber min={1} max={3650} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('users.banReason')}
            rules={[{ required: true, whitespace: true, max: 400 }]}
          >
            <Input />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={grantOpen}
        title={t('users.grantTitle')}
        onCancel={() => setGrantOpen(false)}
        onOk={() => grantForm.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form
          form={grantForm}
          layout="vertical"
          onFinish={async (values) => {
            await run(
              'post',
              `/users/${profile.id}/grant`,
              { ...values, idempotencyKey: grantKey },
              t('users.granted'),
            );
            setGrantOpen(false);
            await refresh();
          }}
        >
          <Form.Item name="kind" label={t('users.grantKind')}>
            <Radio.Group>
              <Radio.Button value="coins">{t('users.grantCoins')}</Radio.Button>
              <Radio.Button value="vip_days">{t('users.grantVip')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="amount" label={t('users.amount')} rules={[{ required: true }]}>
            <InputNumber min={1} max={1000000} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('users.grantReason')}
            rules={[{ required: true, whitespace: true, min: 2, max: 200 }]}
          >
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Show>
  );
}
