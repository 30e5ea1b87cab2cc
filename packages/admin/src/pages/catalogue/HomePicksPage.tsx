/**
 * Catalogue → Home banners: per kind, the banner works in order (each with the work's cover or a
 * picture of its own) and the pinned recommended works; a preview built by the app's own home
 * service; Save (audited); Back to automatic clears the choices. Below them, the recommendations'
 * choices: works pinned to the top of the app's "For you", and works never recommended.
 */
import { useCustom, useCustomMutation } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  List,
  Row,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';
import { fileBase64 } from './WorkExtras';

const KINDS = ['comic', 'novel', 'anime'] as const;
type Kind = (typeof KINDS)[number];

interface Banner {
  workId: number;
  imageKey: string;
  title: string;
  thumb?: string;
}
interface Pinned {
  workId: number;
  title: string;
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

function WorkFinder({ kind, onAdd, testId }: { kind: Kind; onAdd: (w: Pinned) => void; testId: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useCustom<{ data: { id: number; title: string }[] }>({
    url: '/catalogue/works',
    method: 'get',
    config: { query: { q, kind, pageSize: 20 } },
  });
  return (
    <Select
      showSearch
      data-testid={testId}
      style={{ width: 320 }}
      placeholder={t('catmore.addWork')}
      filterOption={false}
      value={null}
      onSearch={setQ}
      onChange={(id: number) => {
        const work = found.result?.data?.data.find((w) => w.id === id);
        if (work) onAdd({ workId: work.id, title: work.title });
      }}
      options={(found.result?.data?.data ?? []).map((w) => ({ value: w.id, label: `#${w.id} ${w.title}` }))}
    />
  );
}

function move<T>(list: T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(Math.max(0, Math.min(next.length, index + by)), 0, item!);
  return next;
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
  const rowActions = <T,>(list: T[], set: (l: T[]) => void, index: number, testId: string) =>
    canChange
      ? [
          <Button key="up" size="small" disabled={index === 0} onClick={() => set(move(list, index, -1))}>
            {t('catmore.up')}
          </Button>,
          <Button
            key="down"
            size="small"
            disabled={index === list.length - 1}
            onClick={() => set(move(list, index, 1))}
          >
            {t('catmore.down')}
          </Button>,
          <Button
            key="remove"
            size="small"
            danger
            data-testid={`${testId}-remove-${index}`}
            onClick={() => set(list.filter((_, i) => i !== index))}
          >
            {t('catmore.remove')}
          </Button>,
        ]
      : [];
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
          <Typography.Title level={5}>{t('catmore.reco')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('catmore.recoHint')}</Typography.Paragraph>
          <List
            bordered
            dataSource={reco}
            locale={{ emptyText: t('catmore.automatic') }}
            renderItem={(r, index) => (
              <List.Item actions={rowActions(reco, setReco, index, 'reco')} data-testid={`reco-${index}`}>
                #{r.workId} {r.title}
              </List.Item>
            )}
          />
          {canChange && (
            <div style={{ margin: '12px 0' }}>
              <WorkFinder
                kind={kind}
                testId="reco-add"
                onAdd={(w) =>
                  setReco((list) => (list.some((r) => r.workId === w.workId) ? list : [...list, w]))
                }
              />
            </div>
          )}
          <Typography.Title level={5}>{t('catmore.forYou')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('catmore.forYouHint')}</Typography.Paragraph>
          <List
            bordered
            dataSource={forYou}
            locale={{ emptyText: t('catmore.noneChosen') }}
            renderItem={(r, index) => (
              <List.Item
                actions={rowActions(forYou, setForYou, index, 'for-you')}
                data-testid={`for-you-${index}`}
              >
                #{r.workId} {r.title}
              </List.Item>
            )}
          />
          {canChange && (
            <div style={{ margin: '12px 0' }}>
              <WorkFinder
                kind={kind}
                testId="for-you-add"
                onAdd={(w) =>
                  setForYou((list) => (list.some((r) => r.workId === w.workId) ? list : [...list, w]))
                }
              />
            </div>
          )}
          <Typography.Title level={5}>{t('catmore.excluded')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('catmore.excludedHint')}</Typography.Paragraph>
          <List
            bordered
            dataSource={excluded}
            locale={{ emptyText: t('catmore.noneChosen') }}
            renderItem={(r, index) => (
              <List.Item
                actions={rowActions(excluded, setExcluded, index, 'excluded')}
                data-testid={`excluded-${index}`}
              >
                #{r.workId} {r.title}
              </List.Item>
            )}
          />
          {canChange && (
            <div style={{ margin: '12px 0' }}>
              <WorkFinder
                kind={kind}
                testId="excluded-add"
                onAdd={(w) =>
                  setExcluded((list) => (list.some((r) => r.workId === w.workId) ? list : [...list, w]))
                }
              />
            </div>
          )}
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
