/** One folder's scans, newest first, each with its report (counts and every failure with its reason). */
import { useTable } from '@refinedev/antd';
import { Descriptions, List, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';

interface Counts {
  added: number;
  updated: number;
}
export interface FolderRun {
  id: number;
  status: string;
  started_time: number;
  finished_time: number | null;
  files: { imported: number; unchanged: number; removed: number; failed: number } | null;
  works: Counts | null;
  chapters: Counts | null;
  failed: { path: string; reason: string }[];
  reason: string;
}

export const RUN_COLOR: Record<string, string> = {
  running: 'processing',
  done: 'success',
  failed: 'error',
  interrupted: 'warning',
};

export function RunReport({ run }: { run: FolderRun }) {
  const { t } = useTranslation();
  return (
    <div data-testid="folder-run-report">
      {run.reason && <Typography.Text type="danger">{run.reason}</Typography.Text>}
      {run.files && (
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('libcat.imported')}>{run.files.imported}</Descriptions.Item>
          <Descriptions.Item label={t('libcat.unchanged')}>{run.files.unchanged}</Descriptions.Item>
          <Descriptions.Item label={t('opset.folders.filesRemoved')}>{run.files.removed}</Descriptions.Item>
          <Descriptions.Item label={t('libcat.works')}>
            {run.works ? `${run.works.added} / ${run.works.updated}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('libcat.chapters')}>
            {run.chapters ? `${run.chapters.added} / ${run.chapters.updated}` : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <List
        size="small"
        header={t('libcat.failures')}
        locale={{ emptyText: t('opset.folders.noFailures') }}
        dataSource={run.failed}
        renderItem={(f) => (
          <List.Item>
            <Typography.Text code>{f.path}</Typography.Text> {f.reason}
          </List.Item>
        )}
      />
    </div>
  );
}

export function FolderRuns({ libraryId }: { libraryId: number }) {
  const { t } = useTranslation();
  const runs = useTable<FolderRun>({
    resource: 'library/runs',
    filters: { permanent: [{ field: 'libraryId', operator: 'eq', value: libraryId }] },
    pagination: { pageSize: 5 },
    syncWithLocation: false,
  });
  return (
    <Table<FolderRun>
      {...runs.tableProps}
      rowKey="id"
      size="small"
      title={() => <Typography.Text strong>{t('opset.folders.runs')}</Typography.Text>}
      data-testid="folder-runs"
      expandable={{ expandedRowRender: (run) => <RunReport run={run} /> }}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        {
          title: t('libcat.state'),
          dataIndex: 'status',
          render: (s: string) => <Tag color={RUN_COLOR[s]}>{s}</Tag>,
        },
        { title: t('libcat.started'), dataIndex: 'started_time', render: formatTime },
        { title: t('libcat.finished'), dataIndex: 'finished_time', render: formatTime },
        { title: t('libcat.imported'), key: 'imp', render: (_: unknown, r) => r.files?.imported ?? '—' },
        { title: t('libcat.failures'), key: 'f', render: (_: unknown, r) => r.failed.length },
      ]}
    />
  );
}
