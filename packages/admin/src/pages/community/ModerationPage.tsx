/** The moderation queue: pending comments oldest first, approve or reject one or many. */
import { CheckOutlined, CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { formatTime, WORK_TYPES } from '../../components/format';
import { useAction } from '../../components/use-action';
import { ReviewFirstSwitch } from './ReviewFirstSwitch';

export interface AdminComment {
  id: number;
  workId: number;
  workTitle: string;
  workType: number;
  userId: number;
  userNickname: string;
  fatherId: number;
  content: string;
  images: string[];
  status: number;
  zan: number;
  createdTime: number;
}

const STATUS_COLORS = ['orange', 'green', 'red'] as const;

export function CommentContent({ comment }: { comment: AdminComment }) {
  return (
    <Space direction="vertical" size={4}>
      <Typography.Paragraph style={{ margin: 0, maxWidth: 520 }} data-testid="comment-content">
        {comment.content}
      </Typography.Paragraph>
      {/* Pictures are stored XOR-encoded for the app; the console names them rather than decoding. */}
      {comment.images.length > 0 && <Tag icon={<PictureOutlined />}>{comment.images.length}</Tag>}
    </Space>
  );
}

export function ModerationPage() {
  const { t } = useTranslation();
  const canModerate = useCan('moderator');
  const [status, setStatus] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const { tableProps } = useTable<AdminComment>({
    resource: 'community/comments',
    filters: { permanent: [{ field: 'status', operator: 'eq', value: status }] },
    syncWithLocation: false,
  });
  const { run, busy } = useAction(['community/comments']);
  const moderate = async (ids: number[], approve: boolean) => {
    await run(
      'post',
      `/community/comments/${approve ? 'approve' : 'reject'}`,
      { ids },
      t(approve ? 'community.approved' : 'community.rejected', { count: ids.length }),
    );
    setSelected([]);
  };

  return (
    <List
      title={t('menu.moderation')}
      headerButtons={
        <Space>
          <Segmented
            value={status}
            onChange={(value) => {
              setStatus(Number(value));
              setSelected([]);
            }}
            options={[0, 1, 2].map((value) => ({ value, label: t(`community.status.${value}`) }))}
            data-testid="status-filter"
          />
          {canModerate && (
            <>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                loading={busy}
                onClick={() => moderate(selected, true)}
                data-testid="approve-selected"
              >
                {t('community.approveSelected', { count: selected.length })}
              </Button>
              <Button
                danger
                icon={<CloseOutlined />}
                disabled={selected.length === 0}
                loading={busy}
                onClick={() => moderate(selected, false)}
                data-testid="reject-selected"
              >
                {t('community.rejectSelected', { count: selected.length })}
              </Button>
            </>
          )}
        </Space>
      }
    >
      <ReviewFirstSwitch />
      <Table
        {...tableProps}
        rowKey="id"
        rowSelection={
          canModerate
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          {
            title: t('community.work'),
            dataIndex: 'workTitle',
            render: (title: string, row: AdminComment) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{title}</Typography.Text>
                <Typography.Text type="secondary">
                  {t(`workTypes.${WORK_TYPES[row.workType] ?? 'comic'}`)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('community.author'),
            dataIndex: 'userNickname',
            render: (name: string, row: AdminComment) => `${name || '—'} (#${row.userId})`,
          },
          {
            title: t('community.content'),
            dataIndex: 'content',
            render: (_: string, row: AdminComment) => (
              <Space direction="vertical" size={2}>
                {row.fatherId > 0 && <Tag>{t('community.reply')}</Tag>}
                <CommentContent comment={row} />
              </Space>
            ),
          },
          {
            title: t('community.statusTitle'),
            dataIndex: 'status',
            width: 100,
            render: (value: number) => (
              <Tag color={STATUS_COLORS[value]}>{t(`community.status.${value}`)}</Tag>
            ),
          },
          { title: t('common.time'), dataIndex: 'createdTime', width: 150, render: formatTime },
          ...(canModerate
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 190,
                  render: (_: unknown, row: AdminComment) => (
                    <Space>
                      {row.status !== 1 && (
                        <Button
                          size="small"
                          type="primary"
                          ghost
                          onClick={() => moderate([row.id], true)}
                          data-testid={`approve-${row.id}`}
                        >
                          {t('community.approve')}
                        </Button>
                      )}
                      {row.status !== 2 && (
                        <Button
                          size="small"
                          danger
                          onClick={() => moderate([row.id], false)}
                          data-testid={`reject-${row.id}`}
                        >
                          {t('community.reject')}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </List>
  );
}
