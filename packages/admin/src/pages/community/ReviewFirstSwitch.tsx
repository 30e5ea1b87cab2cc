/**
 * Review-first comments: new comments wait in this queue until a moderator publishes them. Shown
 * above the queue, where a moderator sees what it means for the comments below.
 */
import { useCustom } from '@refinedev/core';
import { Alert, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

export function ReviewFirstSwitch() {
  const { t } = useTranslation();
  const canChange = useCan('moderator');
  const { query, result } = useCustom<{ data: { reviewFirst: boolean } }>({
    url: '/community/review',
    method: 'get',
  });
  const { run, busy } = useAction([]);
  const reviewFirst = result?.data?.data?.reviewFirst ?? false;
  const change = async (on: boolean) => {
    await run(
      'put',
      '/community/review',
      { reviewFirst: on },
      t('opset.review.saved', { state: t(on ? 'opset.review.stateOn' : 'opset.review.stateOff') }),
    );
    await query.refetch();
  };
  return (
    <Alert
      type={reviewFirst ? 'warning' : 'info'}
      style={{ marginBottom: 16 }}
      message={
        <Space>
          <Switch
            checked={reviewFirst}
            loading={query.isLoading || busy}
            disabled={!canChange}
            onChange={(on) => void change(on).catch(() => undefined)}
            data-testid="review-first"
          />
          <Typography.Text strong>{t('opset.review.title')}</Typography.Text>
          <Typography.Text type="secondary">
            {t(reviewFirst ? 'opset.review.on' : 'opset.review.off')}
          </Typography.Text>
        </Space>
      }
    />
  );
}
