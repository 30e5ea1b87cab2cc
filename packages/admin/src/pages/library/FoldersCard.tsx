/**
 * The library folders: LIBRARY_DIR (the configured folder, changed only in the environment) and
 * the folders added here, each with its content kind, watching, counts and last scan; add, scan,
 * full rescan, remove; a folder's row opens on its scans and their reports.
 */
import { PlusOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Button, Card, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { formatTime } from '../../components/format';
import { useAction } from '../../components/use-action';
import { AddFolderModal } from './AddFolderModal';
import { FolderRuns, RUN_COLOR } from './FolderRuns';
import { FOLDER_KINDS, type Folder, type FolderKind, type StartedJob } from './folder-types';
import { RemoveFolderModal } from './RemoveFolderModal';

export function FoldersCard({
  refreshKey,
  onStarted,
  onScan,
  busyScan,
}: {
  /** Changes when an import the page follows has finished. */
  refreshKey: number;
  /** A change started an import job: the page follows it. */
  onStarted: (job: StartedJob | null) => void;
  onScan: (folder: Folder, full: boolean) => Promise<void>;
  busyScan: boolean;
}) {
  const { t } = useTranslation();
  const canChange = useCan('admin');
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Folder | null>(null);
  const { run, busy } = useAction(['library/runs']);
  const folders = useCustom<{ data: { libraryDir: string | null; folders: Folder[] } }>({
    url: '/library/folders',
    method: 'get',
  });
  const refetch = folders.query.refetch;
  useEffect(() => {
    if (refreshKey > 0) void refetch();
  }, [refreshKey, refetch]);
  const changed = async (job: StartedJob | null) => {
    onStarted(job);
    await refetch();
  };
  const update = async (folder: Folder, body: { kind?: FolderKind | null; watch?: boolean }) => {
    const answer = (await run(
      'put',
      `/library/folders/${folder.id}`,
      body,
      t(body.kind !== undefined ? 'opset.folders.kindChanged' : 'opset.folders.saved'),
    )) as { job: StartedJob | null };
    await changed(answer.job);
  };
  const editable = (f: Folder) => canChange && !f.isLibraryDir && f.id !== null;

  return (
    <Card
      title={t('libcat.folders')}
      extra={
        canChange && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="folder-add"
          >
            {t('opset.folders.add')}
          </Button>
        )
      }
    >
      <Table<Folder>
        rowKey="root"
        pagination={false}
        loading={folders.query.isLoading}
        dataSource={folders.result?.data?.data?.folders ?? []}
        data-testid="library-folders"
        expandable={{
          expandedRowRender: (f) => (f.id !== null ? <FolderRuns libraryId={f.id} /> : null),
          rowExpandable: (f) => f.id !== null,
        }}
        columns={[
          {
            title: t('libcat.root'),
            dataIndex: 'root',
            render: (root: string, f) => (
              <Space direction="vertical" size={2}>
                <Typography.Text code data-testid="folder-root">
                  {root}
                </Typography.Text>
                <Space size={4}>
                  {f.isLibraryDir ? (
                    <Tag color="blue">{t('opset.folders.configured')}</Tag>
                  ) : f.addedInConsole ? (
                    <Tag>{t('opset.folders.fromConsole')}</Tag>
                  ) : (
                    <Tag>{t('opset.folders.fromImporter')}</Tag>
                  )}
                  {f.watchedHere && <Tag color="green">{t('libcat.watched')}</Tag>}
                </Space>
              </Space>
            ),
          },
          {
            title: t('opset.folders.kind'),
            key: 'kind',
            width: 190,
            render: (_: unknown, f) =>
              editable(f) ? (
                <Select<FolderKind | 'layout'>
                  size="small"
                  style={{ width: 170 }}
                  disabled={busy}
                  value={f.kind ?? 'layout'}
                  onChange={(value) => void update(f, { kind: value === 'layout' ? null : value })}
                  options={[
                    { value: 'layout', label: t('opset.folders.byLayout') },
                    ...FOLDER_KINDS.map((kind) => ({ value: kind, label: t(`workTypes.${kind}`) })),
                  ]}
                />
              ) : (
                (f.kind && t(`workTypes.${f.kind}`)) || t('opset.folders.byLayout')
              ),
          },
          {
            title: t('opset.folders.watching'),
            key: 'watch',
            width: 150,
            render: (_: unknown, f) =>
              editable(f) ? (
                <Switch
                  size="small"
                  checked={f.watch}
                  disabled={busy}
                  onChange={(watch) => void update(f, { watch })}
                  data-testid="folder-watch"
                />
              ) : (
                <Typography.Text type="secondary" title={t('opset.folders.envControlled')}>
                  {f.watch ? t('libcat.watched') : '—'}
                </Typography.Text>
              ),
          },
          { title: t('libcat.files'), dataIndex: 'files', width: 80 },
          { title: t('libcat.failedFiles'), dataIndex: 'failedFiles', width: 100 },
          { title: t('opset.folders.works'), dataIndex: 'works', width: 80 },
          {
            title: t('opset.folders.lastRun'),
            key: 'last',
            width: 170,
            render: (_: unknown, f) =>
              f.lastRun ? (
                <Space direction="vertical" size={0}>
                  <Tag color={RUN_COLOR[f.lastRun.status]}>{f.lastRun.status}</Tag>
                  <Typography.Text type="secondary">{formatTime(f.lastRun.startedTime)}</Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('opset.folders.never')}</Typography.Text>
              ),
          },
          {
            key: 'actions',
            width: 300,
            render: (_: unknown, f) =>
              canChange && (
                <Space wrap>
                  <Button
                    type="primary"
                    size="small"
                    disabled={busyScan}
                    onClick={() => void onScan(f, false).then(() => refetch())}
                    data-testid="library-scan"
                  >
                    {t('libcat.scan')}
                  </Button>
                  <Button
                    size="small"
                    disabled={busyScan}
                    onClick={() => void onScan(f, true).then(() => refetch())}
                    data-testid="library-rescan"
                  >
                    {t('libcat.rescan')}
                  </Button>
                  {editable(f) && (
                    <Button size="small" danger onClick={() => setRemoving(f)} data-testid="folder-remove">
                      {t('opset.folders.remove')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <AddFolderModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(job) => {
          setAdding(false);
          void changed(job);
        }}
      />
      <RemoveFolderModal
        folder={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(job) => {
          setRemoving(null);
          void changed(job);
        }}
      />
    </Card>
  );
}
