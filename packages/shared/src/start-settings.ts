import type { StartSettings } from './calls/app.js';

/** Start-up settings (spec §3) defaults: seeded into the database; the client's fallback before /v3/app/start answers. */
export const DEFAULT_START_SETTINGS: StartSettings = {
  url: '',
  image: '',
  app_download_url: '',
  app_text: '',
  app_tabbar_ai_url: '/pages/ai/ai',
  app_tabbar_ai_mode: 1,
  app_start_switch: 0,
  app_start_countdown: 5,
  game_tab_mode: 0,
  game_tab_name: '成人游戏',
  game_tab_url: '',
};
