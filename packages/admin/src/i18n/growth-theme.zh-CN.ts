/** 增长 → 主题的中文文案（合并进 zh-CN.ts 的 `apptheme`）。 */
import type { growthThemeEn } from './growth-theme.en';

export const growthThemeZhCN: typeof growthThemeEn = {
  menu: '主题',
  help: 'App 浅色与深色主题的品牌色，可用于节日活动或运营品牌。留空即使用内置颜色。App 空闲时获取修改，下次启动即显示。',
  themes: { light: '浅色主题', dark: '深色主题' },
  fields: {
    primary: '主色',
    button: '按钮颜色',
    headerTop: '顶部渐变起始色',
  },
  fieldHelp: {
    primary: '强调色、标签、选中的标签栏和浏览器主题色',
    button: '实心按钮（白色文字）',
    headerTop: '页面顶部背景渐变的起始颜色',
  },
  builtin: '内置 {{colour}}',
  useBuiltin: '使用内置',
  reset: '恢复内置颜色',
  save: '保存主题',
  saved: '已保存，App 下次启动即应用新颜色',
  badHex: '颜色格式为 #RRGGBB',
  contrast: '对比度 {{ratio}}',
  contrastAgainst: {
    primary: '相对页面背景 {{against}}（至少 {{min}}:1）',
    button: '按钮白色文字（至少 {{min}}:1）',
  },
  tooLow: '对比度过低：服务器会拒绝保存',
  preview: '预览（375×812）',
  previewTitle: '今日',
  previewTag: '热门',
  previewButton: '立即阅读',
  previewText: '每周五更新新章节',
  tabs: { home: '首页', sort: '分类', shelf: '书架', me: '我的' },
};
