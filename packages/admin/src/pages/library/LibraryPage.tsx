/**
 * Library: the folders the server imports (FoldersCard: add, scan, full rescan, remove, their
 * scans), the job the operator started
 * (else the newest import job) with live progress (polled every second while it runs: one small
 * answer per second is cheaper and simpler than an SSE stream through the cookie/CSRF plugin, and
 * survives proxies), the import history and the transcode queue with retry.
 */
import { useTable } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, List, Progress, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import type { Folder } from './folder-types';
import { FoldersCard } from './FoldersCard';

interface Counts {
  added: number;
  updated: number;
}
interface Job {
  id: number;
  root: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  phase: string | null;
  current: string | null;
  percent: number;
  done: number;
  total: number;
  reason: string | null;
  summary: {
    files: { imported: number; unchanged: number; removed: number; failed: number };
    works: Counts;
    chapters: Counts;
    failed: { path: string; reason: string }[];
  } | null;
}
interface Run {
  id: number;
  root: string;
  status: string;
  started_time: number;
  finished_time: number | null;
  files: { imported: number; unchanged: number; removed: number } | null;
  works: Counts | null;
  failed: { path: string; reason: string }[];
  reason: string;
}
interface Transcode {
  chapterId: number;
  status: string;
  progress: number;
  reason: string;
  chapterTitle: string;
  workTitle: string;
  updatedTime: number;
}

const STATE_COLOR: Record<string, string> = {
  queued: 'default',
  waiting: 'default',
  running: 'processing',
  processing: 'processing',
  done: 'success',
  ready: 'success',
  failed: 'error',
  interrupted: 'warning',
};

export function LibraryPage() {
  const { t } = useTranslation();
  const canChange = useCan('admin');
  const { run, busy } = useAction(['library/runs', 'library/transcodes']);
  const jobs = useCustom<{ data: Job[] }>({
    url: '/library/jobs',
    method: 'get',
    queryOptions: {
      refetchInterval: (query) => {
        const list = (query.state.data as { data?: { data?: Job[] } } | undefined)?.data?.data ?? [];
        return list.some((j) => j.state === 'queued' || j.state === 'running') ? 1000 : false;
      },
    },
  });
  const runs = useTable<Run>({ resource: 'library/runs', syncWithLocation: false });
  const transcodes = useTable<Transcode>({ resource: 'library/transcodes', syncWithLocation: false });
  // The job this operator started, once there is one; else the newest (on a cluster another
  // instance's watcher may queue a newer one meanwhile).
  const [started, setStarted] = useState<number | null>(null);
  const list = jobs.result?.data?.data ?? [];
  const job = list.find((j) => j.id === started) ?? list[0];
  // When the job shown finishes, its run joins the history (and its episodes the transcode queue).
  const refetchRuns = runs.tableQuery.refetch;
  const refetchTranscodes = transcodes.tableQuery.refetch;
  const shownActive = useRef(false);
  // Bumped when the job shown is (or becomes) finished, even one that finished between two polls:
  // the folders' counts and last scan change with it.
  const [finishedJobs, setFinishedJobs] = useState(0);
  const jobId = job?.id;
  const active = job?.state === 'queued' || job?.state === 'running';
  useEffect(() => {
    if (shownActive.current && !active) {
      void refetchRuns();
      void refetchTranscodes();
    }
    shownActive.current = active;
  }, [active, refetchRuns, refetchTranscodes]);
  useEffect(() => {
    if (jobId !== undefined && !active) setFinishedJobs((n) => n + 1);
  }, [jobId, active]);

  const scan = async (folder: Folder, full: boolean) => {
    const answer = (await run('post', '/library/scan', {
      ...(folder.id ? { libraryId: folder.id } : {}),
      full,
    })) as Job;
    setStarted(answer.id);
    await jobs.query.refetch();
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <FoldersCard
        refreshKey={finishedJobs}
        busyScan={busy}
        onScan={scan}
        onStarted={(started) => {
          if (started) setStarted(started.id);
          void jobs.query.refetch();
        }}
      />
      <Card
        title={t('libcat.job')}
        extra={<Typography.Text type="secondary">{t('libcat.pollNote')}</Typography.Text>}
      >
        {!job ? (
          <Typography.Text type="secondary">{t('libcat.noJob')}</Typography.Text>
        ) : (
          <div data-testid="library-job" data-state={job.state} data-job-id={job.id}>
            <Progress
              percent={job.percent}
              status={job.state === 'failed' ? 'exception' : job.state === 'done' ? 'success' : 'active'}
            />
            <Descriptions size="small" column={2} style={{ marginTop: 12 }}>
              <Descriptions.Item label={t('libcat.state')}>
                <Tag color={STATE_COLOR[job.state]}>{job.state}</Tag> {job.phase}{' '}
                {job.total > 0 && `${job.done}/${job.total}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('libcat.current')}>{job.current ?? '—'}</Descriptions.Item>
              {job.summary && (
                <>
                  <Descriptions.Item label={t('libcat.imported')}>
                    <span data-testid="library-job-imported">{job.summary.files.imported}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('libcat.unchanged')}>
                    {job.summary.files.unchanged}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('libcat.works')}>
                    {job.summary.works.added} / {job.summary.works.updated}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('libcat.chapters')}>
                    {job.summary.chapters.added} / {job.summary.chapters.updated}
                  </Descriptions.Item>
                </>
              )}
            </Descriptions>
            {job.phase === 'waiting' && job.state === 'queued' && (
              <Alert
                type="info"
                showIcon
                message={t('libcat.waitingNote')}
                data-testid="library-job-waiting"
              />
            )}
            {job.reason && <Alert type="error" message={job.reason} />}
            {!!job.summary?.failed.length && (
              <List
                size="small"
                header={t('libcat.failures')}
                dataSource={job.summary.failed}
                renderItem={(f) => (
                  <List.Item>
                    <Typography.Text code>{f.path}</Typography.Text> {f.reason}
                  </List.Item>
                )}
              />
            )}
          </div>
        )}
      </Card>
      <Card title={t('libcat.history')}>
        <Table<Run>
          {...runs.tableProps}
          rowKey="id"
          size="small"
          columns={[
            { title: 'ID', dataIndex: 'id', width: 70 },
            { title: t('libcat.root'), dataIndex: 'root' },
            {
              title: t('libcat.state'),
              dataIndex: 'status',
              render: (s: string, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATE_COLOR[s]}>{s}</Tag>
                  {r.reason && <Typography.Text type="danger">{r.reason}</Typography.Text>}
                </Space>
              ),
            },
            { title: t('libcat.started'), dataIndex: 'started_time', render: formatTime },
            { title: t('libcat.finished'), dataIndex: 'finished_time', render: formatTime },
            { title: t('libcat.imported'), key: 'imp', render: (_: unknown, r) => r.files?.imported ?? '—' },
            {
              title: t('libcat.unchanged'),
              key: 'unc',
              render: (_: unknown, r) => r.files?.unchanged ?? '—',
            },
            {
              title: t('libcat.works'),
              key: 'w',
              render: (_: unknown, r) => (r.works ? `${r.works.added} / ${r.works.updated}` : '—'),
            },
            {
              title: t('libcat.failures'),
              key: 'f',
              render: (_: unknown, r) =>
                r.failed.length ? (
                  <Typography.Text
                    type="danger"
                    title={r.failed.map((f) => `${f.path}: ${f.reason}`).join('\n')}
                  >
                    {r.failed.length}
                  </Typography.Text>
                ) : (
                  0
                ),
            },
          ]}
        />
      </Card>
      <Card title={t('libcat.transcodes')}>
        <Table<Transcode>
          {...transcodes.tableProps}
          rowKey="chapterId"
          size="small"
          columns={[
            { title: t('libcat.work'), dataIndex: 'workTitle' },
            { title: t('libcat.episode'), dataIndex: 'chapterTitle' },
            {
              title: t('libcat.state'),
              dataIndex: 'status',
              render: (s: string) => <Tag color={STATE_COLOR[s]}>{s}</Tag>,
            },
            { title: t('libcat.progress'), dataIndex: 'progress', render: (p: number) => `${p}%` },
            { title: t('libcat.reason'), dataIndex: 'reason' },
            { title: t('libcat.updated'), dataIndex: 'updatedTime', render: formatTime },
            {
              key: 'retry',
              render: (_: unknown, r) =>
                canChange &&
                r.status === 'failed' && (
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => void run('post', `/library/transcodes/${r.chapterId}/retry`, {})}
                  >
                    {t('libcat.retry')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
