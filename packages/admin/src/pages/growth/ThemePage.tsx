/**
 * Growth → Themes: the brand colours of the app's light and dark themes (primary, filled button,
 * header gradient top), each with the contrast the server checks (shared `themeContrastChecks`)
 * and a 375×812-proportioned preview of the app: header gradient, a primary tag, a filled button
 * and the tab bar with its selected colour.
 */
import { List } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Card, Col, ColorPicker, Input, Row, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatContrast,
  HEX_COLOR,
  THEME_COLOR_FIELDS,
  themeContrastChecks,
  type AppThemeOverrides,
  type BuiltinThemeColors,
  type ThemeColorField,
  type ThemeColorOverrides,
} from '@dm51/shared/theme-colors';
import { useCan } from '../../api/roles';
import { useAction } from '../../components/use-action';

type ThemeKey = 'light' | 'dark';
type Draft = Record<ThemeKey, Record<ThemeColorField, string>>;
interface ThemeAnswer {
  overrides: AppThemeOverrides;
  builtin: Record<ThemeKey, BuiltinThemeColors>;
}

const THEME_KEYS: ThemeKey[] = ['light', 'dark'];
const EMPTY: Record<ThemeColorField, string> = { primary: '', button: '', headerTop: '' };

/** The app's own page colours around the editable ones, for the preview (packages/web/src/theme/themes.ts). */
const PREVIEW_PAGE: Record<ThemeKey, { canvas: string; card: string; text: string; muted: string }> = {
  light: { canvas: '#F8F8F8', card: '#FFFFFF', text: '#222222', muted: '#6E6E73' },
  dark: { canvas: '#111216', card: '#1C1D22', text: '#EDEDF0', muted: '#9A9AA3' },
};

function toDraft(overrides: AppThemeOverrides | undefined): Draft {
  return {
    light: { ...EMPTY, ...overrides?.light },
    dark: { ...EMPTY, ...overrides?.dark },
  };
}

/** Only the fields that are valid colours: what the preview and the contrast use. */
function validOverrides(values: Record<ThemeColorField, string>): ThemeColorOverrides {
  const out: ThemeColorOverrides = {};
  for (const field of THEME_COLOR_FIELDS) if (HEX_COLOR.test(values[field])) out[field] = values[field];
  return out;
}

function PhonePreview({
  name,
  builtin,
  overrides,
}: {
  name: ThemeKey;
  builtin: BuiltinThemeColors;
  overrides: ThemeColorOverrides;
}) {
  const { t } = useTranslation();
  const page = PREVIEW_PAGE[name];
  const primary = overrides.primary ?? builtin.primary;
  const button = overrides.button ?? builtin.button;
  const top = overrides.headerTop ?? builtin.headerTop;
  const tabs = ['home', 'sort', 'shelf', 'me'] as const;
  return (
    <div
      data-testid={`theme-preview-${name}`}
      style={{
        width: 188,
        height: 406,
        borderRadius: 22,
        border: '6px solid #1F1F1F',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        background: page.canvas,
        boxShadow: '0 4px 14px rgba(0,0,0,0.15)',
      }}
    >
      <div
        data-testid={`theme-preview-${name}-header`}
        style={{
          background: `linear-gradient(180deg, ${top} 0%, ${page.canvas} 100%)`,
          padding: '18px 12px 28px',
          color: page.text,
          fontWeight: 600,
          fontSize: 15,
        }}
      >
        {t('apptheme.previewTitle')}
      </div>
      <div style={{ flex: 1, padding: '0 10px' }}>
        <div style={{ background: page.card, borderRadius: 8, padding: 10 }}>
          <div style={{ display: 'flex', gap: 8 }}>
            <div style={{ width: 48, height: 64, borderRadius: 4, background: top }} />
            <div style={{ flex: 1 }}>
              <span
                data-testid={`theme-preview-${name}-tag`}
                style={{
                  display: 'inline-block',
                  fontSize: 10,
                  lineHeight: '16px',
                  padding: '0 5px',
                  borderRadius: 3,
                  color: primary,
                  border: `1px solid ${primary}`,
                }}
              >
                {t('apptheme.previewTag')}
              </span>
              <div style={{ fontSize: 11, color: page.muted, marginTop: 6 }}>{t('apptheme.previewText')}</div>
            </div>
          </div>
          <div
            data-testid={`theme-preview-${name}-button`}
            style={{
              marginTop: 10,
              background: button,
              color: builtin.buttonText,
              borderRadius: 16,
              textAlign: 'center',
              fontSize: 12,
              lineHeight: '28px',
            }}
          >
            {t('apptheme.previewButton')}
          </div>
        </div>
      </div>
      <div
        style={{
          height: 40,
          display: 'flex',
          background: page.card,
          borderTop: `1px solid ${name === 'dark' ? '#2E2F36' : '#EEEEEE'}`,
        }}
      >
        {tabs.map((tab, index) => (
          <div
            key={tab}
            data-testid={index === 0 ? `theme-preview-${name}-tab-selected` : undefined}
            style={{
              flex: 1,
              textAlign: 'center',
              fontSize: 9,
              paddingTop: 4,
              color: index === 0 ? primary : '#999999',
            }}
          >
            <div
              style={{
                width: 14,
                height: 14,
                margin: '0 auto 2px',
                borderRadius: 4,
                background: index === 0 ? primary : '#999999',
              }}
            />
            {t(`apptheme.tabs.${tab}`)}
          </div>
        ))}
      </div>
    </div>
  );
}

function ThemeCard({
  name,
  builtin,
  values,
  canAdmin,
  onChange,
}: {
  name: ThemeKey;
  builtin: BuiltinThemeColors;
  values: Record<ThemeColorField, string>;
  canAdmin: boolean;
  onChange: (values: Record<ThemeColorField, string>) => void;
}) {
  const { t } = useTranslation();
  const overrides = validOverrides(values);
  const checks = themeContrastChecks(name, overrides);
  return (
    <Card
      title={t(`apptheme.themes.${name}`)}
      data-testid={`theme-card-${name}`}
      extra={
        canAdmin && (
          <Button data-testid={`theme-${name}-reset`} onClick={() => onChange({ ...EMPTY })}>
            {t('apptheme.reset')}
          </Button>
        )
      }
    >
      <Row gutter={24} wrap={false}>
        <Col flex="auto">
          {THEME_COLOR_FIELDS.map((field) => {
            const raw = values[field];
            const bad = raw !== '' && !HEX_COLOR.test(raw);
            const check = checks.find((c) => c.field === field);
            return (
              <div key={field} style={{ marginBottom: 18 }}>
                <Typography.Text strong>{t(`apptheme.fields.${field}`)}</Typography.Text>
                <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                  {t(`apptheme.fieldHelp.${field}`)}
                </Typography.Text>
                <Space style={{ display: 'flex', marginTop: 6 }} wrap>
                  <ColorPicker
                    disabled={!canAdmin}
                    disabledAlpha
                    value={overrides[field] ?? builtin[field]}
                    onChangeComplete={(colour) =>
                      onChange({ ...values, [field]: colour.toHexString().toUpperCase() })
                    }
                  />
                  <Input
                    data-testid={`theme-${name}-${field}`}
                    disabled={!canAdmin}
                    value={raw}
                    status={bad ? 'error' : undefined}
                    placeholder={builtin[field]}
                    maxLength={7}
                    style={{ width: 110 }}
                    onChange={(event) => onChange({ ...values, [field]: event.target.value.trim() })}
                  />
                  {raw === '' ? (
                    <Tag>{t('apptheme.builtin', { colour: builtin[field] })}</Tag>
                  ) : (
                    canAdmin && (
                      <Button size="small" type="link" onClick={() => onChange({ ...values, [field]: '' })}>
                        {t('apptheme.useBuiltin')}
                      </Button>
                    )
                  )}
                </Space>
                {bad && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {t('apptheme.badHex')}
                  </Typography.Text>
                )}
                {check && (
                  <div style={{ marginTop: 4 }} data-testid={`theme-${name}-${field}-contrast`}>
                    <Tag color={check.ok ? 'green' : 'red'}>
                      {t('apptheme.contrast', { ratio: formatContrast(check.ratio) })}
                    </Tag>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`apptheme.contrastAgainst.${check.field}`, {
                        against: check.against,
                        min: check.min,
                      })}
                    </Typography.Text>
                    {!check.ok && (
                      <Typography.Text type="danger" style={{ fontSize: 12, marginLeft: 8 }}>
                        {t('apptheme.tooLow')}
                      </Typography.Text>
                    )}
                  </div>
                )}
              </div>
            );
          })}
        </Col>
        <Col flex="200px">
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6, fontSize: 12 }}>
            {t('apptheme.preview')}
          </Typography.Text>
          <PhonePreview name={name} builtin={builtin} overrides={overrides} />
        </Col>
      </Row>
    </Card>
  );
}

export function ThemePage() {
  const { t } = useTranslation();
  const canAdmin = useCan('admin');
  const { result, query } = useCustom<{ data: ThemeAnswer }>({ url: '/growth/theme', method: 'get' });
  const { run, busy } = useAction([]);
  const answer = result?.data?.data;
  const [draft, setDraft] = useState<Draft>(toDraft(undefined));
  useEffect(() => {
    if (answer) setDraft(toDraft(answer.overrides));
  }, [answer]);

  const invalid = THEME_KEYS.some((name) =>
    THEME_COLOR_FIELDS.some((field) => draft[name][field] !== '' && !HEX_COLOR.test(draft[name][field])),
  );

  return (
    <List title={t('apptheme.menu')}>
      <Alert type="info" showIcon message={t('apptheme.help')} style={{ marginBottom: 16, maxWidth: 1100 }} />
      {answer && (
        <Row gutter={16} style={{ maxWidth: 1240 }}>
          {THEME_KEYS.map((name) => (
            <Col key={name} xs={24} xl={12} style={{ marginBottom: 16 }}>
              <ThemeCard
                name={name}
                builtin={answer.builtin[name]}
                values={draft[name]}
                canAdmin={canAdmin}
                onChange={(values) => setDraft((current) => ({ ...current, [name]: values }))}
              />
            </Col>
          ))}
        </Row>
      )}
      {!answer && <Card loading={query.isLoading} />}
      {canAdmin && answer && (
        <Button
          type="primary"
          data-testid="theme-save"
          loading={busy}
          disabled={invalid}
          onClick={async () => {
            await run('put', '/growth/theme', draft, t('apptheme.saved'));
            await query.refetch();
          }}
        >
          {t('apptheme.save')}
        </Button>
      )}
    </List>
  );
}
