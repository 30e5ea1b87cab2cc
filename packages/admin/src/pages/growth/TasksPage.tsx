/**
 * Growth → Tasks: the check-in streak rewards (days 1–7) with the make-up price, and the daily and
 * one-time tasks (reward kind and amount, target, shown or not, order). The app's task centre reads
 * them on every visit.
 */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import {
  Alert,
  Button,
  type ButtonProps,
  Card,
  Form,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';
import { REWARD_TYPES, type RewardType, type TasksData, type TaskDef } from './growth-settings-types';

export function TasksPage() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const { result, query } = useCustom<{ data: TasksData }>({ url: '/growth/tasks', method: 'get' });
  const data = result?.data?.data;
  const { run, busy } = useAction([]);
  const [checkinForm] = Form.useForm<{
    days: { day: number; rewardType: RewardType; rewardAmount: number }[];
    makeupCost: number;
  }>();
  const [taskForm] = Form.useForm<Record<string, unknown>>();
  const [editing, setEditing] = useState<TaskDef | null>(null);
  const rewardType = Form.useWatch('rewardType', taskForm) as RewardType | undefined;
  const checkinDays = Form.useWatch('days', checkinForm);

  useEffect(() => {
    if (data) checkinForm.setFieldsValue({ days: data.checkin, makeupCost: data.makeupCost });
  }, [data, checkinForm]);

  const rewardOptions = REWARD_TYPES.map((type) => ({
    value: type,
    label: t(`growthset.rewardTypes.${type}`),
  }));
  const reward = (type: string, amount: number) => `+${amount} ${t(`growthset.units.${type}`)}`;
  const open = (task: TaskDef) => {
    taskForm.resetFields();
    taskForm.setFieldsValue({ ...task, enabled: task.enabled === 1 });
    setEditing(task);
  };

  return (
    <List title={t('growthset.tasks.menu')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('growthset.tasks.help')} />
        <Card title={t('growthset.tasks.checkin')} size="small" loading={query.isLoading}>
          <p style={{ marginTop: 0 }}>{t('growthset.tasks.checkinHelp')}</p>
          <Form
            form={checkinForm}
            layout="vertical"
            disabled={!canAdmin}
            onFinish={async (values) => {
              await run('put', '/growth/checkin', values, t('growthset.saved'));
              await query.refetch();
            }}
          >
            <Form.List name="days">
              {(fields) => (
                <Space wrap size={10} align="start">
                  {fields.map((field, index) => {
                    const type = checkinDays?.[index]?.rewardType ?? 'coins';
                    return (
                      <Card
                        key={field.key}
                        size="small"
                        title={t('growthset.tasks.day', { day: index + 1 })}
                        style={{ width: 148 }}
                      >
                        <Form.Item name={[field.name, 'day']} hidden>
                          <InputNumber />
                        </Form.Item>
                        <Form.Item name={[field.name, 'rewardType']} style={{ marginBottom: 8 }}>
                          <Select options={rewardOptions} data-testid={`checkin-type-${index + 1}`} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'rewardAmount']}
                          style={{ marginBottom: 0 }}
                          rules={[
                            { required: true },
                            { type: 'integer', min: 1, max: data?.caps.reward[type] ?? 100000 },
                          ]}
                        >
                          <InputNumber
                            min={1}
                            precision={0}
                            style={{ width: '100%' }}
                            data-testid={`checkin-amount-${index + 1}`}
                          />
                        </Form.Item>
                      </Card>
                    );
                  })}
                </Space>
              )}
            </Form.List>
            <Space align="end" style={{ marginTop: 16 }}>
              <Form.Item
                name="makeupCost"
                label={t('growthset.tasks.makeupCost')}
                rules={[
                  { required: true },
                  { type: 'integer', min: 1, max: data?.caps.makeupCost ?? 100000 },
                ]}
                style={{ marginBottom: 0 }}
              >
                <InputNumber min={1} precision={0} data-testid="checkin-makeup" />
              </Form.Item>
              {canAdmin && (
                <Button type="primary" htmlType="submit" loading={busy} data-testid="checkin-save">
                  {t('growthset.tasks.saveCheckin')}
                </Button>
              )}
            </Space>
          </Form>
        </Card>
        <Card title={t('growthset.tasks.list')} size="small">
          <Table<TaskDef>
            rowKey="id"
            size="small"
            pagination={false}
            loading={query.isLoading}
            dataSource={data?.tasks ?? []}
            columns={[
              { title: t('growthset.tasks.sort'), dataIndex: 'sort', width: 70 },
              {
                title: t('growthset.tasks.task'),
                dataIndex: 'key',
                render: (key: string) => (
                  <span>
                    {t(`growthset.tasks.names.${key}`, { defaultValue: key })}{' '}
                    <code style={{ color: '#999' }}>{key}</code>
                  </span>
                ),
              },
              {
                title: t('growthset.tasks.kind'),
                dataIndex: 'kind',
                width: 100,
                render: (kind: string) => (
                  <Tag>{t(`growthset.tasks.kinds.${kind}`, { defaultValue: kind })}</Tag>
                ),
              },
              {
                title: t('growthset.tasks.target'),
                key: 'target',
                render: (_: unknown, row: TaskDef) =>
                  row.kind === 'once'
                    ? t(`growthset.tasks.metricUnits.${row.metric}`, { defaultValue: row.metric })
                    : `${row.target} ${t(`growthset.tasks.metricUnits.${row.metric}`, { defaultValue: row.metric })}`,
              },
              {
                title: t('growthset.tasks.reward'),
                key: 'reward',
                render: (_: unknown, row: TaskDef) => (
                  <span data-testid={`task-reward-${row.key}`}>
                    {reward(row.rewardType, row.rewardAmount)}
                  </span>
                ),
              },
              {
                title: t('growthset.tasks.enabled'),
                dataIndex: 'enabled',
                width: 90,
                render: (on: number) =>
                  on ? (
                    <Tag color="green">{t('growthset.tasks.on')}</Tag>
                  ) : (
                    <Tag>{t('growthset.tasks.off')}</Tag>
                  ),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 90,
                render: (_: unknown, row: TaskDef) =>
                  canAdmin && (
                    <Button size="small" onClick={() => open(row)} data-testid={`edit-task-${row.key}`}>
                      {t('buttons.edit')}
                    </Button>
                  ),
              },
            ]}
          />
        </Card>
      </Space>
      <Modal
        open={editing !== null}
        title={`${t('growthset.tasks.edit')}: ${editing ? t(`growthset.tasks.names.${editing.key}`, { defaultValue: editing.key }) : ''}`}
        onCancel={() => setEditing(null)}
        onOk={() => taskForm.submit()}
        okButtonProps={{ 'data-testid': 'task-save' } as ButtonProps}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form
          form={taskForm}
          layout="vertical"
          onFinish={async (values) => {
            if (!editing) return;
            const body: Record<string, unknown> = {
              rewardType: values['rewardType'],
              rewardAmount: values['rewardAmount'],
              enabled: values['enabled'] ? 1 : 0,
              sort: values['sort'],
            };
            if (editing.kind !== 'once') body['target'] = values['target'];
            await run('put', `/growth/tasks/${editing.id}`, body, t('growthset.saved'));
            setEditing(null);
            await query.refetch();
          }}
        >
          <Form.Item name="rewardType" label={t('growthset.tasks.rewardType')} rules={[{ required: true }]}>
            <Select options={rewardOptions} data-testid="task-reward-type" />
          </Form.Item>
          <Form.Item
            name="rewardAmount"
            label={t('growthset.tasks.rewardAmount')}
            rules={[
              { required: true },
              { type: 'integer', min: 1, max: data?.caps.reward[rewardType ?? 'coins'] ?? 100000 },
            ]}
          >
            <InputNumber min={1} precision={0} data-testid="task-reward-amount" />
          </Form.Item>
          <Form.Item
            name="target"
            label={`${t('growthset.tasks.target')} (${editing ? t(`growthset.tasks.metricUnits.${editing.metric}`, { defaultValue: editing.metric }) : ''})`}
            extra={editing?.kind === 'once' ? t('growthset.tasks.onceTarget') : undefined}
            rules={[{ required: true }, { type: 'integer', min: 1, max: editing?.targetMax ?? 1 }]}
          >
            <InputNumber
              min={1}
              precision={0}
              disabled={editing?.kind === 'once'}
              data-testid="task-target"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('growthset.tasks.enabled')} valuePropName="checked">
            <Switch data-testid="task-enabled" />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('growthset.tasks.sort')}
            rules={[{ required: true }, { type: 'integer', min: 0, max: 999 }]}
          >
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </List>
  );
}
