/**
 * Growth → Ads → new / edit: every field of the app's ad record (spec §3) in sections, a picture
 * upload checked by the server, the schedule, and beside it a live 375×812 preview placed by the
 * app's own rules. An existing ad also shows its per-day statistics (lazy chunk with recharts).
 */
import { Edit } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import {
  App,
  Button,
  Card,
  Col,
  ColorPicker,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { http, isFailure } from '../../../api/http';
import { useCan } from '../../../api/roles';
import { useAction } from '../../../components/use-action';
import { AdPreview } from './AdPreview';
import { NEW_AD, PLACEMENTS, POSITIONS, STATUS_COLOURS, type AdForm, type AdRow } from './types';

const AdStatsPanel = lazy(() => import('./AdStatsPanel'));

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const OFFSET = /^-?\d+(\.\d+)?(px|%)?$/;
const CLICK_URL = /^$|^(https?:\/\/|www\.)|^\/?pages\/[\w/.-]*(\?\S*)?$/i;

/** A 0/1 field shown as a switch. */
const flagProps = {
  valuePropName: 'checked',
  getValueProps: (value: number) => ({ checked: value === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};
/** Unix seconds (0 = none) shown as a date-time picker. */
const timeProps = {
  getValueProps: (value: number) => ({ value: value ? dayjs.unix(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.startOf('minute').unix() : 0),
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file error'));
    reader.readAsDataURL(file);
  });
}

export function AdEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const id = idParam ? Number(idParam) : null;
  const canAdmin = useCan('admin');
  const [form] = Form.useForm<AdForm>();
  const values = Form.useWatch([], { form, preserve: true }) as Partial<AdForm> | undefined;
  const { run, busy } = useAction(['growth/ads']);
  const [uploading, setUploading] = useState(false);
  const detail = useCustom<{ data: AdRow }>({
    url: `/growth/ads/${id ?? 0}`,
    method: 'get',
    queryOptions: { enabled: id !== null },
  });
  const ad = detail.result?.data?.data;
  useEffect(() => {
    if (id === null) form.setFieldsValue(NEW_AD);
    else if (ad) form.setFieldsValue(ad);
  }, [ad, id, form]);

  const upload = async (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      void message.error(t('ads.uploadHelp'));
      return;
    }
    setUploading(true);
    try {
      const answer = await http<{ data: { url: string; width: number; height: number } }>(
        'POST',
        '/growth/ads/images',
        { image: await readAsDataUrl(file) },
      );
      form.setFieldValue('pic', answer.data.url);
      void form.validateFields(['pic']);
      void message.success(t('ads.uploaded', { width: answer.data.width, height: answer.data.height }));
    } catch (error) {
      void message.error(isFailure(error) ? error.message : t('common.failed'));
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    const fields = await form.validateFields();
    const body = { ...NEW_AD, ...fields };
    if (id === null) {
      await run('post', '/growth/ads', body, t('ads.created'));
      navigate('/growth/ads');
    } else {
      await run('put', `/growth/ads/${id}`, body, t('ads.saved'));
      await detail.query.refetch();
    }
  };

  const seconds = (ms: number | undefined) =>
    ms ? t('ads.seconds', { value: Math.round((ms / 1000) * 10) / 10 }) : undefined;
  const isBanner = values?.page === 'home_banner';

  return (
    <Edit
      title={
        <Space>
          {id === null ? t('ads.create') : `${t('ads.edit')} #${id}`}
          {ad && <Tag color={STATUS_COLOURS[ad.status]}>{t(`ads.statuses.${ad.status}`)}</Tag>}
          {ad?.serving && <Tag color="magenta">{t('ads.serving')}</Tag>}
        </Space>
      }
      isLoading={id !== null && detail.query.isLoading}
      headerButtons={() =>
        canAdmin && (
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="ad-save">
            {t('common.save')}
          </Button>
        )
      }
      footerButtons={() =>
        canAdmin && (
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="ad-save-bottom">
            {t('common.save')}
          </Button>
        )
      }
    >
      <Row gutter={24} wrap={false}>
        <Col flex="auto">
          <Form
            form={form}
            layout="vertical"
            disabled={!canAdmin}
            initialValues={NEW_AD}
            requiredMark={false}
          >
            <Card size="small" title={t('ads.sections.where')} style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                <Col span={8}>
                  <Form.Item name="page" label={t('ads.placement')} rules={[{ required: true }]}>
                    <Select
                      data-testid="ad-page"
                      options={PLACEMENTS.map((p) => ({ value: p, label: t(`ads.placements.${p}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={16}>
                  <Form.Item name="name" label={t('ads.name')} rules={[{ max: 255 }]}>
                    <Input data-testid="ad-name" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item
                name="pic"
                label={t('ads.picUrl')}
                extra={t('ads.uploadHelp')}
                rules={[{ required: true, message: t('ads.noPicture') }]}
              >
                <Input
                  data-testid="ad-pic"
                  addonAfter={
                    <Upload
                      accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
                      showUploadList={false}
                      disabled={!canAdmin}
                      beforeUpload={(file) => {
                        void upload(file);
                        return false;
                      }}
                    >
                      <Button size="small" type="link" loading={uploading} data-testid="ad-upload">
                        {t('ads.upload')}
                      </Button>
                    </Upload>
                  }
                />
              </Form.Item>
            </Card>

            <Card size="small" title={t('ads.sections.click')} style={{ marginBottom: 16 }}>
              <Form.Item
                name="url"
                label={t('ads.url')}
                extra={t('ads.urlHelp')}
                rules={[{ pattern: CLICK_URL, message: t('ads.urlRule') }, { max: 1024 }]}
              >
                <Input data-testid="ad-url" placeholder="/pages/sort/sort  ·  https://…" />
              </Form.Item>
            </Card>

            {!isBanner && (
              <>
                <Card size="small" title={t('ads.sections.position')} style={{ marginBottom: 16 }}>
                  <Row gutter={16}>
                    <Col span={8}>
                      <Form.Item name="position" label={t('ads.position')}>
                        <Select
                          data-testid="ad-position"
                          options={POSITIONS.map((p) => ({ value: p, label: t(`ads.positions.${p}`) }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item
                        name="position_offset_x"
                        label={t('ads.offsetX')}
                        rules={[{ pattern: OFFSET, message: t('ads.offsetRule') }]}
                      >
                        <Input data-testid="ad-offset-x" placeholder="12px · 5%" />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item
                        name="position_offset_y"
                        label={t('ads.offsetY')}
                        rules={[{ pattern: OFFSET, message: t('ads.offsetRule') }]}
                      >
                        <Input data-testid="ad-offset-y" placeholder="80px · 10%" />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Row gutter={16}>
                    <Col span={8}>
                      <Form.Item name="pic_width" label={t('ads.picWidth')}>
                        <InputNumber min={0} max={1500} style={{ width: '100%' }} data-testid="ad-width" />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item name="pic_height" label={t('ads.picHeight')}>
                        <InputNumber min={0} max={3000} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col span={8}>
                      <Form.Item name="platform_show" label={t('ads.platform')}>
                        <Select
                          options={(['0', '1', '2'] as const).map((p) => ({
                            value: Number(p),
                            label: t(`ads.platforms.${p}`),
                          }))}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>

                <Card size="small" title={t('ads.sections.timing')} style={{ marginBottom: 16 }}>
                  <Row gutter={16}>
                    <Col span={12}>
                      <Form.Item
                        name="hide_time"
                        label={t('ads.hideTime')}
                        extra={seconds(values?.hide_time)}
                      >
                        <InputNumber
                          min={0}
                          max={2_147_483_647}
                          step={1000}
                          addonAfter="ms"
                          style={{ width: '100%' }}
                          data-testid="ad-hide-time"
                        />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item
                        name="display_time_again"
                        label={t('ads.displayAgain')}
                        extra={seconds(values?.display_time_again)}
                      >
                        <InputNumber
                          min={0}
                          max={2_147_483_647}
                          step={60_000}
                          addonAfter="ms"
                          style={{ width: '100%' }}
                          data-testid="ad-again"
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>

                <Card size="small" title={t('ads.sections.look')} style={{ marginBottom: 16 }}>
                  <Space size={32} wrap>
                    <Form.Item name="ad_bg_show" label={t('ads.adBgShow')} {...flagProps}>
                      <Switch />
                    </Form.Item>
                    <Form.Item name="bg_transparent" label={t('ads.bgTransparent')} {...flagProps}>
                      <Switch />
                    </Form.Item>
                    <Form.Item name="close_btn_control" label={t('ads.closeButton')}>
                      <Radio.Group
                        options={(['small', 'center', 'big'] as const).map((c) => ({
                          value: c,
                          label: t(`ads.closeButtons.${c}`),
                        }))}
                        optionType="button"
                      />
                    </Form.Item>
                    <Form.Item name="adtext_show" label={t('ads.adtextShow')} {...flagProps}>
                      <Switch data-testid="ad-text-show" />
                    </Form.Item>
                  </Space>
                  {values?.adtext_show === 1 && (
                    <Row gutter={16}>
                      <Col span={12}>
                        <Form.Item name="adtext" label={t('ads.adtext')} rules={[{ max: 255 }]}>
                          <Input data-testid="ad-text" />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item name="adtext_size" label={t('ads.adtextSize')}>
                          <InputNumber min={8} max={48} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col span={6}>
                        <Form.Item
                          name="adtext_color"
                          label={t('ads.adtextColor')}
                          getValueFromEvent={(colour: { toHexString(): string }) => colour.toHexString()}
                        >
                          <ColorPicker disabledAlpha showText />
                        </Form.Item>
                      </Col>
                    </Row>
                  )}
                </Card>
              </>
            )}

            <Card size="small" title={t('ads.sections.schedule')} style={{ marginBottom: 16 }}>
              <Row gutter={16}>
                <Col span={8}>
                  <Form.Item
                    name="start_time"
                    label={t('ads.start')}
                    extra={t('ads.startHelp')}
                    {...timeProps}
                  >
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format="YYYY-MM-DD HH:mm"
                      data-testid="ad-start"
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name="end_time"
                    label={t('ads.end')}
                    extra={t('ads.endHelp')}
                    dependencies={['start_time']}
                    {...timeProps}
                    rules={[
                      ({ getFieldValue }) => ({
                        validator: (_, end: number) =>
                          !end || end > (getFieldValue('start_time') as number)
                            ? Promise.resolve()
                            : Promise.reject(new Error(`${t('ads.end')} > ${t('ads.start')}`)),
                      }),
                    ]}
                  >
                    <DatePicker
                      showTime={{ format: 'HH:mm' }}
                      format="YYYY-MM-DD HH:mm"
                      data-testid="ad-end"
                    />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name="sort" label={t('ads.order')} tooltip={t('ads.orderHelp')}>
                    <InputNumber min={-1_000_000} max={1_000_000} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name="enabled" label={t('ads.enabled')} valuePropName="checked">
                    <Switch data-testid="ad-enabled" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Form>
          {id !== null && (
            <Suspense>
              <AdStatsPanel id={id} />
            </Suspense>
          )}
        </Col>
        <Col flex="none">
          <div style={{ position: 'sticky', top: 16 }}>
            <AdPreview ad={values ?? NEW_AD} />
          </div>
        </Col>
      </Row>
    </Edit>
  );
}
