/** Feedback from users; a reply shows in the user's feedback log and arrives as a system message. */
import { List, useTable } from '@refinedev/antd';
import { Button, Form, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';

interface Feedback {
  id: number;
  userId: number;
  userNickname: string;
  type: number;
  content: string;
  contact: string;
  images: string[];
  reply: string;
  replyTime: number;
  createdTime: number;
}

export function FeedbackPage() {
  const { t } = useTranslation();
  const canReply = useCan('moderator');
  const [replied, setReplied] = useState('0');
  const [target, setTarget] = useState<Feedback | null>(null);
  const [form] = Form.useForm<{ reply: string }>();
  const { tableProps } = useTable<Feedback>({
    resource: 'community/feedback',
    filters: {
      permanent: [{ field: 'replied', operator: 'eq', value: replied === 'all' ? undefined : replied }],
    },
    syncWithLocation: false,
  });
  const { run, busy } = useAction(['community/feedback']);

  return (
    <List
      title={t('menu.feedback')}
      headerButtons={
        <Segmented
          value={replied}
          onChange={(value) => setReplied(String(value))}
          options={[
            { value: '0', label: t('community.unreplied') },
            { value: '1', label: t('community.replied') },
            { value: 'all', label: t('common.all') },
          ]}
        />
      }
    >
      <Table
        {...tableProps}
        rowKey="id"
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: t('community.user'),
            dataIndex: 'userNickname',
            width: 160,
            render: (name: string, row: Feedback) => `${name || '—'} (#${row.userId})`,
          },
          {
            title: t('community.feedbackType'),
            dataIndex: 'type',
            width: 110,
            render: (type: number) => (
              <Tag>{t(`community.feedbackTypes.${type}`, { defaultValue: String(type) })}</Tag>
            ),
          },
          {
            title: t('community.content'),
            dataIndex: 'content',
            render: (content: string, row: Feedback) => (
              <Space direction="vertical" size={2}>
                <Typography.Paragraph style={{ margin: 0, maxWidth: 460 }} data-testid="feedback-content">
                  {content}
                </Typography.Paragraph>
                {row.contact && (
                  <Typography.Text type="secondary">
                    {t('community.contact')}: {row.contact}
                  </Typography.Text>
                )}
                {row.reply && (
                  <Typography.Text type="success">
                    {t('community.ourReply')}: {row.reply}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: t('common.time'), dataIndex: 'createdTime', width: 150, render: formatTime },
          ...(canReply
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 110,
                  render: (_: unknown, row: Feedback) => (
                    <Button
                      size="small"
                      type="primary"
                      ghost
                      onClick={() => {
                        form.setFieldsValue({ reply: row.reply });
                        setTarget(row);
                      }}
                      data-testid={`reply-${row.id}`}
                    >
                      {row.reply ? t('community.editReply') : t('community.replyAction')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={target !== null}
        title={t('community.replyTitle')}
        onCancel={() => setTarget(null)}
        onOk={() => form.submit()}
        okText={t('community.send')}
        confirmLoading={busy}
        destroyOnHidden
      >
        {target && (
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {target.content}
          </Typography.Paragraph>
        )}
        <Form
          form={form}
          layout="vertical"
          onFinish={async (values) => {
            await run('post', `/community/feedback/${target!.id}/reply`, values, t('community.replySent'));
            setTarget(null);
          }}
        >
          <Form.Item
            name="reply"
            label={t('community.reply')}
            rules={[{ required: true, whitespace: true, max: 2000 }]}
          >
            <Input.TextArea rows={5} showCount maxLength={2000} data-testid="reply-text" />
          </Form.Item>
        </Form>
      </Modal>
    </List>
  );
}
