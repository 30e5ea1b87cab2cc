/** System → Health: database, media store, ffmpeg, imports, event loop, memory and uptime, every 5 s. */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Badge, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';
import { formatBytes, formatDuration } from './format';

interface Health {
  database: { reachable: boolean; latencyMs: number; engine: string; error: string | null };
  media: { writable: boolean; root: string | null; error: string | null };
  ffmpeg: { present: boolean; version: string | null };
  imports: {
    running: { id: number; root: string } | null;
    queued: number;
    failed: number;
    watching: string[];
  };
  eventLoopDelay: { meanMs: number; p99Ms: number; maxMs: number };
  memory: { rss: number; heapUsed: number; heapTotal: number };
  uptimeS: number;
  time: number;
}

function State({ ok, text, testId }: { ok: boolean; text: string; testId: string }) {
  return <Badge status={ok ? 'success' : 'error'} text={<span data-testid={testId}>{text}</span>} />;
}

export function HealthPage() {
  const { t } = useTranslation();
  const { result } = useCustom<{ data: Health }>({
    url: '/system/health',
    method: 'get',
    queryOptions: { refetchInterval: 5_000 },
  });
  const health = result?.data?.data;
  return (
    <List title={t('sysai.menu.health')}>
      {health && (
        <Card>
          <Descriptions column={1} bordered size="middle" labelStyle={{ width: 220 }}>
            <Descriptions.Item label={t('sysai.database')}>
              <State
                ok={health.database.reachable}
                testId="health-database"
                text={`${health.database.engine} · ${t(health.database.reachable ? 'sysai.reachable' : 'sysai.unreachable')}`}
              />
              <Typography.Text type="secondary" style={{ marginLeft: 16 }} data-testid="health-latency">
                {t('sysai.latency')} {health.database.latencyMs} ms
              </Typography.Text>
              {health.database.error && (
                <Typography.Text type="danger"> {health.database.error}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.media')}>
              <State
                ok={health.media.writable}
                testId="health-media"
                text={t(health.media.writable ? 'sysai.writable' : 'sysai.notWritable')}
              />
              <Typography.Text type="secondary" style={{ marginLeft: 16 }}>
                {health.media.root ?? ''} {health.media.error ?? ''}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.ffmpeg')}>
              <State
                ok={health.ffmpeg.present}
                testId="health-ffmpeg"
                text={health.ffmpeg.present ? (health.ffmpeg.version ?? t('sysai.ok')) : t('sysai.missing')}
              />
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.imports')}>
              <State
                ok={health.imports.failed === 0}
                testId="health-imports"
                text={[
                  health.imports.running
                    ? t('sysai.running', { id: health.imports.running.id })
                    : t('sysai.idle'),
                  t('sysai.queued', { count: health.imports.queued }),
                ].join(' · ')}
              />
              <Typography.Text type="secondary" style={{ marginLeft: 16 }}>
                {health.imports.watching.length
                  ? `${t('sysai.watching')}: ${health.imports.watching.join(', ')}`
                  : t('sysai.notWatching')}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.loopDelay')}>
              <span data-testid="health-loop">
                {t('sysai.loopDelayValue', {
                  mean: health.eventLoopDelay.meanMs,
                  p99: health.eventLoopDelay.p99Ms,
                  max: health.eventLoopDelay.maxMs,
                })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.memory')}>
              {t('sysai.memoryValue', {
                rss: formatBytes(health.memory.rss),
                heap: `${formatBytes(health.memory.heapUsed)} / ${formatBytes(health.memory.heapTotal)}`,
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('sysai.uptime')}>{formatDuration(health.uptimeS)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('sysai.refreshed', { time: formatTime(health.time) })}
          </Typography.Paragraph>
        </Card>
      )}
    </List>
  );
}
