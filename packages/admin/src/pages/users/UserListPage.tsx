/** Users: search by id, login name, nickname, phone or e-mail. */
import { List, useTable } from '@refinedev/antd';
import type { CrudFilters, HttpError } from '@refinedev/core';
import { Button, Checkbox, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../components/format';
import type { UserProfile } from './types';

interface Search {
  q?: string;
  kind?: 'registered' | 'guest';
  banned?: boolean;
}

export function UserStatusTags({ user, now }: { user: UserProfile; now: number }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      {user.isGuest ? <Tag>{t('users.guest')}</Tag> : <Tag color="blue">{t('users.registered')}</Tag>}
      {user.viptime > now && <Tag color="gold">VIP</Tag>}
      {user.bannedUntil > now && <Tag color="red">{t('users.banned')}</Tag>}
      {user.deletedTime !== null && <Tag color="default">{t('users.deleted')}</Tag>}
    </Space>
  );
}

export function UserListPage() {
  const { t } = useTranslation();
  const now = Math.floor(Date.now() / 1000);
  const { tableProps, searchFormProps } = useTable<UserProfile, HttpError, Search>({
    resource: 'users',
    syncWithLocation: false,
    onSearch: (values): CrudFilters => [
      { field: 'q', operator: 'eq', value: values.q?.trim() },
      { field: 'kind', operator: 'eq', value: values.kind },
      { field: 'banned', operator: 'eq', value: values.banned ? '1' : undefined },
    ],
  });

  return (
    <List title={t('menu.users')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="q">
          <Input.Search
            placeholder={t('users.searchPlaceholder')}
            allowClear
            style={{ width: 340 }}
            data-testid="user-search"
            onSearch={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            placeholder={t('users.kind')}
            style={{ width: 150 }}
            options={[
              { value: 'registered', label: t('users.registered') },
              { value: 'guest', label: t('users.guest') },
            ]}
          />
        </Form.Item>
        <Form.Item name="banned" valuePropName="checked">
          <Checkbox>{t('users.onlyBanned')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table
        {...tableProps}
        rowKey="id"
        columns={[
          {
            title: 'ID',
            dataIndex: 'id',
            width: 80,
            render: (id: number) => <Link to={`/users/${id}`}>{id}</Link>,
          },
          {
            title: t('users.nickname'),
            dataIndex: 'nickname',
            render: (name: string, row: UserProfile) => <Link to={`/users/${row.id}`}>{name || '—'}</Link>,
          },
          { title: t('users.loginName'), dataIndex: 'name', render: (v: string) => v || '—' },
          { title: t('users.tel'), dataIndex: 'tel', render: (v: string) => v || '—' },
          { title: t('users.email'), dataIndex: 'email', render: (v: string) => v || '—' },
          {
            title: t('users.coins'),
            key: 'coins',
            render: (_: unknown, row: UserProfile) => `${row.coins} + ${row.ticket}`,
          },
          {
            title: t('users.status'),
            key: 'status',
            render: (_: unknown, row: UserProfile) => <UserStatusTags user={row} now={now} />,
          },
          { title: t('users.created'), dataIndex: 'createdTime', width: 150, render: formatTime },
        ]}
      />
    </List>
  );
}
