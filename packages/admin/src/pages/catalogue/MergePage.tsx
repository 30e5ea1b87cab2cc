/**
 * Catalogue → Merge duplicates: pick the work to keep (A) and the duplicate (B), preview what moves
 * (chapters, shelves, history, comments, follows, unlocks, stats; ledger entries stay), then merge
 * after a confirmation. The server refuses different kinds, the same work and unknown ids.
 */
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Popconfirm, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

interface Plan {
  keep: { id: number; title: string; chapters: number };
  merge: { id: number; title: string; chapters: number };
  chaptersMoved: number;
  chaptersSkipped: number;
  favorites: number;
  history: number;
  comments: number;
  follows: number;
  unlocks: number;
  unlocksDropped: number;
  statsDays: number;
  ledgerEntries: number;
}

function WorkPicker({
  value,
  onChange,
  testId,
}: {
  value?: number;
  onChange: (id: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useCustom<{ data: { id: number; title: string; type: number }[] }>({
    url: '/catalogue/works',
    method: 'get',
    config: { query: { q, pageSize: 20 } },
  });
  return (
    <Select
      showSearch
      data-testid={testId}
      style={{ width: 360 }}
      placeholder={t('catmore.addWork')}
      filterOption={false}
      value={value}
      onSearch={setQ}
      onChange={onChange}
      options={(found.result?.data?.data ?? []).map((w) => ({
        value: w.id,
        label: `#${w.id} ${w.title} (${t(`libcat.${['comic', 'novel', 'anime'][w.type] ?? 'comic'}`)})`,
      }))}
    />
  );
}

export function MergePage() {
  const { t } = useTranslation();
  const canChange = useCan('admin');
  const [keepId, setKeepId] = useState<number>();
  const [mergeId, setMergeId] = useState<number>();
  const [asked, setAsked] = useState(false);
  const ready = keepId !== undefined && mergeId !== undefined;
  const preview = useCustom<{ data: Plan }>({
    url: '/catalogue/merge/preview',
    method: 'get',
    config: { query: { keepId, mergeId } },
    queryOptions: { enabled: ready && asked, retry: false },
    errorNotification: (error) => ({ type: 'error', message: error?.message ?? t('common.failed') }),
  });
  const plan = asked ? preview.result?.data?.data : undefined;
  const { run, busy } = useAction(['catalogue/works']);
  const merge = async () => {
    await run('post', '/catalogue/merge', { keepId, mergeId }, t('catmore.merged'));
    setAsked(false);
    setMergeId(undefined);
  };
  return (
    <Card title={t('catmore.mergeTitle')} data-testid="merge-page">
      <Alert type="warning" showIcon message={t('catmore.mergeHint')} style={{ marginBottom: 16 }} />
      <Space wrap size={16} style={{ marginBottom: 16 }}>
        <span>
          <Typography.Text strong>{t('catmore.keep')} </Typography.Text>
          <WorkPicker
            testId="merge-keep"
            value={keepId}
            onChange={(v) => {
              setKeepId(v);
              setAsked(false);
            }}
          />
        </span>
        <span>
          <Typography.Text strong>{t('catmore.mergeAway')} </Typography.Text>
          <WorkPicker
            testId="merge-away"
            value={mergeId}
            onChange={(v) => {
              setMergeId(v);
              setAsked(false);
            }}
          />
        </span>
        <Button
          disabled={!ready}
          data-testid="merge-preview"
          onClick={() => (asked ? void preview.query.refetch() : setAsked(true))}
        >
          {t('catmore.previewMerge')}
        </Button>
      </Space>
      {plan && (
        <>
          <Descriptions bordered size="small" column={2} title={t('catmore.moves')} data-testid="merge-plan">
            <Descriptions.Item label={t('catmore.keep')}>
              #{plan.keep.id} {plan.keep.title} ({plan.keep.chapters})
            </Descriptions.Item>
            <Descriptions.Item label={t('catmore.mergeAway')}>
              #{plan.merge.id} {plan.merge.title} ({plan.merge.chapters})
            </Descriptions.Item>
            <Descriptions.Item label={t('catmore.chaptersMoved')}>{plan.chaptersMoved}</Descriptions.Item>
            <Descriptions.Item label={t('catmore.chaptersSkipped')}>{plan.chaptersSkipped}</Descriptions.Item>
            <Descriptions.Item label={t('catmore.favorites')}>{plan.favorites}</Descriptions.Item>
            <Descriptions.Item label={t('catmore.history')}>{plan.history}</Descriptions.Item>
            <Descriptions.Item label={t('catmore.comments')}>{plan.comments}</Descriptions.Item>
            <Descriptions.Item label={t('catmore.follows')}>{plan.follows}</Descriptions.Item>
            <Descriptions.Item label={t('catmore.unlocks')}>{plan.unlocks}</Descriptions.Item>
            <Descriptions.Item label={t('catmore.unlocksDropped')}>{plan.unlocksDropped}</Descriptions.Item>
          </Descriptions>
          {canChange && (
            <Popconfirm
              title={t('catmore.mergeConfirm')}
              onConfirm={() => void merge().catch(() => undefined)}
            >
              <Button danger type="primary" loading={busy} style={{ marginTop: 16 }} data-testid="merge-run">
                {t('catmore.merge')}
              </Button>
            </Popconfirm>
          )}
        </>
      )}
    </Card>
  );
}
