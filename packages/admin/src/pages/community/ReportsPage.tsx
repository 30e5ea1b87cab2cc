/** Reported comments with every reason; hide, delete or dismiss, and optionally ban the author. */
import { List, useTable } from '@refinedev/antd';
import {
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import { CommentContent, type AdminComment } from './ModerationPage';

interface ReportGroup {
  id: number;
  commentId: number;
  reports: number;
  lastTime: number;
  comment: AdminComment | null;
  reasons: { id: number; reporterId: number; reporterNickname: string; reason: string; time: number }[];
}

interface ResolveForm {
  action: 'hide' | 'delete' | 'dismiss';
  ban: boolean;
  days: number;
  reason: string;
}

export function ReportsPage() {
  const { t } = useTranslation();
  const canModerate = useCan('moderator');
  const [handled, setHandled] = useState('0');
  const [target, setTarget] = useState<ReportGroup | null>(null);
  const [form] = Form.useForm<ResolveForm>();
  const { tableProps } = useTable<ReportGroup>({
    resource: 'community/reports',
    filters: { permanent: [{ field: 'handled', operator: 'eq', value: handled }] },
    syncWithLocation: false,
  });
  const { run, busy } = useAction(['community/reports', 'community/comments']);
  const ban = Form.useWatch('ban', form);

  const resolve = async (values: ResolveForm) => {
    if (!target) return;
    await run('post', `/community/reports/${target.commentId}/resolve`, {
      action: values.action,
      ...(values.ban ? { ban: { days: values.days, reason: values.reason } } : {}),
    });
    setTarget(null);
  };

  return (
    <List
      title={t('menu.reports')}
      headerButtons={
        <Segmented
          value={handled}
          onChange={(value) => setHandled(String(value))}
          options={[
            { value: '0', label: t('community.openReports') },
            { value: '1', label: t('community.handledReports') },
          ]}
        />
      }
    >
      <Table
        {...tableProps}
        rowKey="commentId"
        columns={[
          {
            title: t('community.content'),
            key: 'content',
            render: (_: unknown, row: ReportGroup) =>
              row.comment ? (
                <Space direction="vertical" size={2}>
                  <Typography.Text type="secondary">
                    {row.comment.workTitle} · {row.comment.userNickname || '—'} (#{row.comment.userId})
                  </Typography.Text>
                  <CommentContent comment={row.comment} />
                  {row.comment.status === 2 && <Tag color="red">{t('community.status.2')}</Tag>}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('community.deleted')}</Typography.Text>
              ),
          },
          {
            title: t('community.reasons'),
            key: 'reasons',
            render: (_: unknown, row: ReportGroup) => (
              <Space direction="vertical" size={0}>
                {row.reasons.map((reason) => (
                  <Typography.Text key={reason.id}>
                    <Tag>{reason.reason}</Tag>
                    <Typography.Text type="secondary">
                      {reason.reporterNickname || '—'} · {formatTime(reason.time)}
                    </Typography.Text>
                  </Typography.Text>
                ))}
              </Space>
            ),
          },
          { title: t('community.reportCount'), dataIndex: 'reports', width: 90 },
          { title: t('common.time'), dataIndex: 'lastTime', width: 150, render: formatTime },
          ...(canModerate && handled === '0'
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 120,
                  render: (_: unknown, row: ReportGroup) => (
                    <Button
                      size="small"
                      type="primary"
                      onClick={() => {
                        form.setFieldsValue({ action: 'hide', ban: false, days: 7, reason: '' });
                        setTarget(row);
                      }}
                      data-testid={`resolve-${row.commentId}`}
                    >
                      {t('community.handle')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={target !== null}
        title={t('community.handleTitle')}
        onCancel={() => setTarget(null)}
        onOk={() => form.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={resolve}>
          <Form.Item name="action" label={t('community.action')}>
            <Radio.Group>
              <Radio.Button value="hide">{t('community.hide')}</Radio.Button>
              <Radio.Button value="delete">{t('community.delete')}</Radio.Button>
              <Radio.Button value="dismiss">{t('community.dismiss')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="ban" valuePropName="checked">
            <Checkbox>{t('community.banAuthor')}</Checkbox>
          </Form.Item>
          {ban && (
            <Space align="start">
              <Form.Item name="days" label={t('users.banDays')} rules={[{ required: true }]}>
                <InputNumber min={1} max={3650} />
              </Form.Item>
              <Form.Item
                name="reason"
                label={t('users.banReason')}
                rules={[{ required: true, whitespace: true }]}
              >
                <Input style={{ width: 280 }} />
              </Form.Item>
            </Space>
          )}
        </Form>
      </Modal>
    </List>
  );
}
