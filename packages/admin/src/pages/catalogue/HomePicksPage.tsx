/**
 * Catalogue → Home banners: per kind, the banner works in order (each with the work's cover or a
 * picture of its own) and the pinned recommended works; a preview built by the app's own home
 * service; Save (audited); Back to automatic clears the choices. Below them, the recommendations'
 * choices: works pinned to the top of the app's "For you", and works never recommended; and
 * "Rebuild now" for the lists behind them.
 */
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Col, Empty, List, Row, Segmented, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';
import { PickedWorks, useRowActions, WorkFinder, type Pinned } from './PickedWorks';
import { RebuildRecommendations } from './RebuildRecommendations';
import { fileBase64 } from './WorkExtras';

const KINDS = ['comic', 'novel', 'anime'] as const;
type Kind = (typeof KINDS)[number];

interface Banner {
  workId: number;
  imageKey: string;
  title: string;
  thumb?: string;
}
interface Saved {
  automatic: boolean;
  banners: Banner[];
  reco: Pinned[];
  forYou: Pinned[];
  excluded: Pinned[];
}
interface Preview {
  banners: { workId: number; title: string; thumb: string }[];
  reco: { workId: number; title: string }[];
}

export function HomePicksPage() {
  const { t } = useTranslation();
  const canChange = useCan('admin');
  const [kind, setKind] = useState<Kind>('comic');
  const [banners, setBanners] = useState<Banner[]>([]);
  const [reco, setReco] = useState<Pinned[]>([]);
  const [forYou, setForYou] = useState<Pinned[]>([]);
  const [excluded, setExcluded] = useState<Pinned[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const saved = useCustom<{ data: Saved }>({ url: `/catalogue/home/${kind}`, method: 'get' });
  const current = saved.result?.data?.data;
  const { run, busy } = useAction([]);
  const { mutateAsync: previewCall, mutation: previewState } = useCustomMutation();
  useEffect(() => {
    if (!current) return;
    setBanners(current.banners);
    setReco(current.reco);
    setForYou(current.forYou);
    setExcluded(current.excluded);
  }, [current]);
  useEffect(() => setPreview(null), [kind]);
  const body = () => ({
    banners: banners.map((b) => ({ workId: b.workId, imageKey: b.imageKey })),
    reco: reco.map((r) => r.workId),
    forYou: forYou.map((r) => r.workId),
    excluded: excluded.map((r) => r.workId),
  });
  const showPreview = async () => {
    const answer = await previewCall({
      url: `/catalogue/home/${kind}/preview`,
      method: 'post',
      values: body(),
      successNotification: false,
      errorNotification: (error) => ({ type: 'error', message: error?.message ?? t('common.failed') }),
    });
    setPreview((answer.data as unknown as { data: Preview }).data);
  };
  const save = async (values: object) => {
    await run('put', `/catalogue/home/${kind}`, values, t('catmore.homeSaved'));
    await saved.query.refetch();
  };
  const uploadImage = async (index: number, file: File) => {
    const image = await fileBase64(file);
    const answer = (await run('post', '/catalogue/home/banner-image', { image })) as {
      data: { key: string };
    };
    setBanners((list) =>
      list.map((b, i) =>
        i === index ? { ...b, imageKey: answer.data.key, thumb: `data:${file.type};base64,${image}` } : b,
      ),
    );
  };
  const orderActions = useRowActions();
  const rowActions = <T,>(list: T[], set: (l: T[]) => void, index: number, testId: string) =>
    canChange ? orderActions(list, set, index, testId) : [];
  return (
    <Card title={t('catmore.homeTitle')} data-testid="home-picks">
      <Space style={{ marginBottom: 16 }} size={16}>
        <Segmented
          data-testid="home-kind"
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          options={KINDS.map((k) => ({ value: k, label: t(`libcat.${k}`) }))}
        />
        {current &&
          (current.automatic ? (
            <Tag>{t('catmore.automatic')}</Tag>
          ) : (
            <Tag color="blue">{t('catmore.chosen')}</Tag>
          ))}
      </Space>
      <Row gutter={24}>
        <Col span={14}>
          <Typography.Title level={5}>{t('catmore.banners')}</Typography.Title>
          <List
            bordered
            dataSource={banners}
            locale={{ emptyText: t('catmore.automatic') }}
            renderItem={(b, index) => (
              <List.Item
                actions={rowActions(banners, setBanners, index, 'banner')}
                data-testid={`banner-${index}`}
              >
                <Space direction="vertical" size={4}>
                  <Space>
                    {b.thumb ? (
                      <img src={b.thumb} alt="" style={{ height: 48, width: 96, objectFit: 'cover' }} />
                    ) : null}
                    <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                      #{b.workId} {b.title}
                    </Typography.Text>
                  </Space>
                  <Space size={4}>
                    <Tag>{b.imageKey ? t('catmore.uploadBanner') : t('catmore.workCover')}</Tag>
                    {canChange && (
                      <Upload
                        accept="image/*"
                        showUploadList={false}
                        beforeUpload={(file) => {
                          void uploadImage(index, file).catch(() => undefined);
                          return false;
                        }}
                      >
                        <Button size="small" data-testid={`banner-image-${index}`}>
                          {t('catmore.upload')}
                        </Button>
                      </Upload>
                    )}
                  </Space>
                </Space>
              </List.Item>
            )}
          />
          {canChange && (
            <div style={{ margin: '12px 0 24px' }}>
              <WorkFinder
                kind={kind}
                testId="banner-add"
                onAdd={(w) =>
                  setBanners((list) =>
                    list.some((b) => b.workId === w.workId) ? list : [...list, { ...w, imageKey: '' }],
                  )
                }
              />
            </div>
          )}
          <PickedWorks
            title={t('catmore.reco')}
            hint={t('catmore.recoHint')}
            empty={t('catmore.automatic')}
            kind={kind}
            works={reco}
            onChange={setReco}
            canChange={canChange}
            testId="reco"
          />
          <PickedWorks
            title={t('catmore.forYou')}
            hint={t('catmore.forYouHint')}
            empty={t('catmore.noneChosen')}
            kind={kind}
            works={forYou}
            onChange={setForYou}
            canChange={canChange}
            testId="for-you"
          />
          <PickedWorks
            title={t('catmore.excluded')}
            hint={t('catmore.excludedHint')}
            empty={t('catmore.noneChosen')}
            kind={kind}
            works={excluded}
            onChange={setExcluded}
            canChange={canChange}
            testId="excluded"
          />
          <Space style={{ marginTop: 16 }}>
            <Button
              onClick={() => void showPreview().catch(() => undefined)}
              loading={previewState.isPending}
              data-testid="home-preview"
            >
              {t('catmore.preview')}
            </Button>
            {canChange && (
              <>
                <Button
                  type="primary"
                  loading={busy}
                  onClick={() => void save(body()).catch(() => undefined)}
                  data-testid="home-save"
                >
                  {t('catmore.saveHome')}
                </Button>
                <Button onClick={() => void save({ banners: [], reco: [] }).catch(() => undefined)}>
                  {t('catmore.clear')}
                </Button>
              </>
            )}
          </Space>
          <RebuildRecommendations canChange={canChange} />
        </Col>
        <Col span={10}>
          <Card size="small" title={t('catmore.previewTitle')} data-testid="home-preview-card">
            {!preview ? (
              <Empty description={t('catmore.preview')} />
            ) : (
              <div style={{ maxWidth: 375, margin: '0 auto' }}>
                <div style={{ display: 'flex', gap: 8, overflowX: 'auto', paddingBottom: 8 }}>
                  {preview.banners.map((b) => (
                    <figure
                      key={b.workId}
                      style={{ margin: 0, flex: '0 0 300px' }}
                      data-testid="preview-banner"
                    >
                      <img
                        src={b.thumb}
                        alt={b.title}
                        style={{
                          width: 300,
                          height: 140,
                          objectFit: 'cover',
                          borderRadius: 8,
                          display: 'block',
                        }}
                      />
                      <figcaption>{b.title}</figcaption>
                    </figure>
                  ))}
                </div>
                <Alert
                  type="info"
                  showIcon={false}
                  message={t('catmore.reco')}
                  description={
                    <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="preview-reco">
                      {preview.reco.map((r) => (
                        <li key={r.workId}>{r.title}</li>
                      ))}
                    </ol>
                  }
                />
              </div>
            )}
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
