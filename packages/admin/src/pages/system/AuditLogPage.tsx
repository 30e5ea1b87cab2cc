/** System → Audit log: every change made in the console, with who, what, before/after and when. */
import { List, useTable } from '@refinedev/antd';
import { useCustom, type CrudFilters, type HttpError } from '@refinedev/core';
import { Button, DatePicker, Form, Input, InputNumber, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';

interface AuditRow {
  id: number;
  operatorId: number;
  operatorName: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string;
  time: number;
}

interface AuditSearch {
  action?: string;
  targetType?: string;
  targetId?: string;
  operatorId?: number;
  range?: [Dayjs, Dayjs] | null;
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 360 }}>
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation();
  const { result: actions } = useCustom<{ data: string[] }>({ url: '/audit/actions', method: 'get' });
  const { tableProps, searchFormProps } = useTable<AuditRow, HttpError, AuditSearch>({
    resource: 'audit',
    syncWithLocation: false,
    onSearch: (values): CrudFilters => [
      { field: 'action', operator: 'eq', value: values.action },
      { field: 'targetType', operator: 'eq', value: values.targetType },
      { field: 'targetId', operator: 'eq', value: values.targetId?.trim() },
      { field: 'operatorId', operator: 'eq', value: values.operatorId },
      { field: 'from', operator: 'eq', value: values.range?.[0]?.startOf('day').unix() },
      { field: 'to', operator: 'eq', value: values.range?.[1]?.endOf('day').unix() },
    ],
  });

  return (
    <List title={t('menu.audit')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="action">
          <Select
            allowClear
            showSearch
            placeholder={t('audit.action')}
            style={{ width: 200 }}
            options={(actions?.data?.data ?? []).map((action) => ({ value: action, label: action }))}
            data-testid="audit-action"
          />
        </Form.Item>
        <Form.Item name="targetType">
          <Select
            allowClear
            placeholder={t('audit.targetType')}
            style={{ width: 140 }}
            options={['comment', 'user', 'feedback', 'setting', 'message', 'operator'].map((v) => ({
              value: v,
              label: v,
            }))}
          />
        </Form.Item>
        <Form.Item name="targetId">
          <Input placeholder={t('audit.targetId')} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="operatorId">
          <InputNumber placeholder={t('audit.operatorId')} min={1} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table
        {...tableProps}
        rowKey="id"
        columns={[
          { title: t('common.time'), dataIndex: 'time', width: 150, render: formatTime },
          {
            title: t('audit.operator'),
            dataIndex: 'operatorName',
            width: 160,
            render: (name: string, row: AuditRow) => `${name} (#${row.operatorId})`,
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            width: 180,
            render: (a: string) => <Tag color="blue">{a}</Tag>,
          },
          {
            title: t('audit.target'),
            key: 'target',
            width: 140,
            render: (_: unknown, row: AuditRow) => `${row.targetType} #${row.targetId}`,
          },
          { title: t('audit.before'), dataIndex: 'before', render: (v: unknown) => <Json value={v} /> },
          { title: t('audit.after'), dataIndex: 'after', render: (v: unknown) => <Json value={v} /> },
          { title: 'IP', dataIndex: 'ip', width: 130 },
        ]}
      />
    </List>
  );
}
