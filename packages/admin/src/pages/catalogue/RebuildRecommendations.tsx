/**
 * "Rebuild now" for the recommendations ("For you", "Readers of this also read"): runs the
 * co-occurrence job at once instead of waiting for its period, answers when the run has finished,
 * and shows the last finished run (scheduled or asked for, on any instance).
 */
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';

interface LastRun {
  works: number;
  pairs: number;
  dropped: number;
  finishedTime: number;
  tookMs: number;
}
interface RebuildAnswer extends LastRun {
  ran: boolean;
  joined: boolean;
  lastRun: LastRun | null;
}

export function RebuildRecommendations({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  // A small catalogue rebuilds in milliseconds: "0.0 s" would say nothing.
  const took = (ms: number) =>
    ms < 1000 ? t('catmore.tookMs', { ms }) : t('catmore.tookS', { s: (ms / 1000).toFixed(1) });
  const last = useCustom<{ data: LastRun | null }>({
    url: '/catalogue/recommendations/last-run',
    method: 'get',
  });
  const lastRun = last.result?.data?.data ?? null;
  const { mutateAsync, mutation } = useCustomMutation();
  const rebuild = async () => {
    await mutateAsync({
      url: '/catalogue/recommendations/rebuild',
      method: 'post',
      values: {},
      successNotification: (answer) => {
        const run = (answer?.data as unknown as { data: RebuildAnswer }).data;
        return run.ran
          ? {
              type: 'success',
              message: t('catmore.rebuilt', { pairs: run.pairs, time: took(run.tookMs) }),
            }
          : { type: 'error', message: t('catmore.rebuildElsewhere') };
      },
      errorNotification: (error) => ({ type: 'error', message: error?.message ?? t('common.failed') }),
    });
    await last.query.refetch();
  };
  return (
    <Card size="small" title={t('catmore.rebuildTitle')} style={{ marginTop: 24 }} data-testid="reco-rebuild">
      <Typography.Paragraph type="secondary">{t('catmore.rebuildHint')}</Typography.Paragraph>
      <Descriptions size="small" column={1} data-testid="reco-last-run">
        <Descriptions.Item label={t('catmore.lastRun')}>
          {lastRun ? formatTime(lastRun.finishedTime) : t('catmore.neverRun')}
        </Descriptions.Item>
        {lastRun && (
          <Descriptions.Item label={t('catmore.lastRunFigures')}>
            {t('catmore.runFigures', {
              pairs: lastRun.pairs,
              works: lastRun.works,
              time: took(lastRun.tookMs),
            })}
          </Descriptions.Item>
        )}
      </Descriptions>
      {canChange && (
        <Button
          style={{ marginTop: 8 }}
          loading={mutation.isPending}
          onClick={() => void rebuild().catch(() => undefined)}
          data-testid="reco-rebuild-now"
        >
          {t('catmore.rebuildNow')}
        </Button>
      )}
    </Card>
  );
}
