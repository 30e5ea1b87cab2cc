/**
 * The texts a fresh site answers (help-defaults.service.ts, in English) in the app's other
 * languages, so a reader who has chosen Chinese, Spanish or French reads the default help,
 * notices, customer service, about and agreement in that language. Texts an operator writes in the
 * console replace these for every language.
 */
import type { HelpDefaults } from './help-defaults.service.js';

const WELCOME_TIME = 1_767_225_600;

export const ZH_CN: HelpDefaults = {
  help: [
    {
      id: 1,
      title: '为什么要绑定手机号或邮箱？',
      content:
        '游客账号只保存在一台设备上。绑定手机号或邮箱（我的 → 设置 → 账号）后，换机或重置手机也不会丢失收藏、历史和金币，还能参与任务。',
    },
    {
      id: 2,
      title: '漫画或剧集加载不出来',
      content:
        '请检查网络并下拉刷新。如果只有某一章总是失败，请通过反馈告诉我们作品名和章节，我们会修复文件。',
    },
    {
      id: 3,
      title: '什么是 VIP 章节？',
      content: '标有 VIP 的章节在 VIP 会员有效期内可以阅读。免费章节对所有人一直免费。',
    },
    {
      id: 4,
      title: '如何不再看到某人的评论？',
      content:
        '点他某条评论上的 ⋯，选择“屏蔽”。他的评论会在你登录的所有设备上消失；在同一菜单里可以取消屏蔽。',
    },
    {
      id: 5,
      title: '怎样收到新章节提醒？',
      content: '在作品详情页关注作品。有新章节时，会以消息的形式出现在 我的 → 消息 → 更新。',
    },
  ],
  notices: [
    {
      id: 1,
      title: '欢迎',
      content: '欢迎！每部漫画、小说和动漫都开放评论。请友善发言：被举报的评论会在 24 小时内审核。',
      addtime: WELCOME_TIME,
    },
  ],
  kefu: {
    title: '客服',
    content:
      '账号、支付或内容有疑问？在 我的 → 意见反馈 中提交，我们会在你的反馈记录里回复，通常在一个工作日内。',
    email: '',
    url: '',
  },
  texts: {
    about: {
      title: '关于我们',
      content:
        '为手机打造的漫画、小说阅读器和动漫播放器。绑定手机号或邮箱后，你的书架、阅读进度和收藏会在设备之间同步。',
    },
    agreement: {
      title: '用户协议',
      content:
        '1. 你需对自己发布的内容负责。评论不得包含辱骂、垃圾信息、广告、他人的个人信息或违法内容。\n' +
        '2. 被举报的内容会在 24 小时内审核；违反规则的内容会被删除，屡次违规者可能被禁止评论。\n' +
        '3. 我们只保存运行账号所需的数据（标识、阅读历史、收藏、评论和反馈），绝不出售。你可以随时在设置中注销账号。\n' +
        '4. 本服务按现状提供；我们可能调整功能和本协议，重要变更会在公告中通知。',
    },
  },
};

export const ZH_TW: HelpDefaults = {
  help: [
    {
      id: 1,
      title: '為什麼要綁定手機號碼或電子郵件？',
      content:
        '訪客帳號只保存在一台裝置上。綁定手機號碼或電子郵件（我的 → 設定 → 帳號）後，換機或重設手機也不會遺失收藏、歷史和金幣，還能參與任務。',
    },
    {
      id: 2,
      title: '漫畫或劇集載入不出來',
      content:
        '請檢查網路並下拉重新整理。如果只有某一章總是失敗，請透過意見回饋告訴我們作品名稱和章節，我們會修復檔案。',
    },
    {
      id: 3,
      title: '什麼是 VIP 章節？',
      content: '標有 VIP 的章節在 VIP 會員有效期間內可以閱讀。免費章節對所有人一直免費。',
    },
    {
      id: 4,
      title: '如何不再看到某人的留言？',
      content:
        '點他某則留言上的 ⋯，選擇「封鎖」。他的留言會在你登入的所有裝置上消失；在同一選單裡可以解除封鎖。',
    },
    {
      id: 5,
      title: '怎樣收到新章節通知？',
      content: '在作品詳情頁追蹤作品。有新章節時，會以訊息的形式出現在 我的 → 訊息 → 更新。',
    },
  ],
  notices: [
    {
      id: 1,
      title: '歡迎',
      content: '歡迎！每部漫畫、小說和動畫都開放留言。請友善發言：被檢舉的留言會在 24 小時內審核。',
      addtime: WELCOME_TIME,
    },
  ],
  kefu: {
    title: '客服',
    content:
      '帳號、付款或內容有疑問？在 我的 → 意見回饋 中提交，我們會在你的回饋紀錄裡回覆，通常在一個工作天內。',
    email: '',
    url: '',
  },
  texts: {
    about: {
      title: '關於我們',
      content:
        '為手機打造的漫畫、小說閱讀器和動畫播放器。綁定手機號碼或電子郵件後，你的書架、閱讀進度和收藏會在裝置之間同步。',
    },
    agreement: {
      title: '使用者條款',
      content:
        '1. 你需對自己發布的內容負責。留言不得包含辱罵、垃圾訊息、廣告、他人的個人資料或違法內容。\n' +
        '2. 被檢舉的內容會在 24 小時內審核；違反規則的內容會被刪除，屢次違規者可能被禁止留言。\n' +
        '3. 我們只保存執行帳號所需的資料（識別碼、閱讀歷史、收藏、留言和回饋），絕不出售。你可以隨時在設定中刪除帳號。\n' +
        '4. 本服務依現狀提供；我們可能調整功能和本條款，重要變更會在公告中通知。',
    },
  },
};

export const ES: HelpDefaults = {
  help: [
    {
      id: 1,
      title: '¿Por qué tengo que vincular un teléfono o un correo?',
      content:
        'Una cuenta de invitado vive en un solo dispositivo. Si vinculas un teléfono o un correo (Yo → Ajustes → ' +
        'Cuenta), conservas tus favoritos, tu historial y tus monedas al cambiar o restablecer el móvil, y desbloqueas las tareas.',
    },
    {
      id: 2,
      title: 'Un cómic o un episodio no carga',
      content:
        'Comprueba tu conexión y desliza hacia abajo para actualizar. Si un capítulo falla siempre y los demás funcionan, ' +
        'envíanos tus comentarios con el título y el capítulo para que reparemos el archivo.',
    },
    {
      id: 3,
      title: '¿Qué son los capítulos VIP?',
      content:
        'Los capítulos marcados como VIP se pueden leer mientras tu suscripción VIP esté activa. Los capítulos gratuitos siguen siendo gratuitos para todos.',
    },
    {
      id: 4,
      title: '¿Cómo dejo de ver los comentarios de alguien?',
      content:
        'Toca ⋯ en uno de sus comentarios y elige Bloquear. Sus comentarios desaparecen en todos los dispositivos en los ' +
        'que inicies sesión; puedes desbloquearlo en el mismo menú.',
    },
    {
      id: 5,
      title: '¿Cómo me entero de los capítulos nuevos?',
      content:
        'Sigue una obra desde su página de detalle. Los capítulos nuevos llegarán como mensajes en Yo → Mensajes → Novedades.',
    },
  ],
  notices: [
    {
      id: 1,
      title: 'Bienvenida',
      content:
        '¡Bienvenido! Los comentarios están abiertos en todos los cómics, novelas y animes. Sé amable: los comentarios ' +
        'denunciados se revisan en 24 horas.',
      addtime: WELCOME_TIME,
    },
  ],
  kefu: {
    title: 'Atención al cliente',
    content:
      '¿Dudas sobre tu cuenta, tus pagos o el contenido? Envíanos tus comentarios desde Yo → Comentarios y te ' +
      'responderemos en tu historial de comentarios, normalmente en un día laborable.',
    email: '',
    url: '',
  },
  texts: {
    about: {
      title: 'Quiénes somos',
      content:
        'Un lector de cómics y novelas y un reproductor de anime, pensado para el móvil. Tu biblioteca, tu punto de ' +
        'lectura y tus favoritos te acompañan de un dispositivo a otro cuando vinculas un teléfono o un correo.',
    },
    agreement: {
      title: 'Condiciones de uso',
      content:
        '1. Eres responsable de lo que publicas. Los comentarios no deben contener insultos, spam, publicidad, ' +
        'datos personales de otras personas ni contenido ilegal.\n' +
        '2. El contenido denunciado se revisa en 24 horas; el que incumple estas normas se elimina y quien ' +
        'reincida puede perder el derecho a comentar.\n' +
        '3. Guardamos los datos necesarios para tu cuenta (identificadores, historial de lectura, favoritos, ' +
        'comentarios y sugerencias) y nunca los vendemos. Puedes eliminar tu cuenta cuando quieras en Ajustes.\n' +
        '4. El servicio se ofrece tal cual; podemos cambiar funciones y estas condiciones, y anunciaremos los ' +
        'cambios importantes en los avisos.',
    },
  },
};

export const FR: HelpDefaults = {
  help: [
    {
      id: 1,
      title: 'Pourquoi lier un téléphone ou une adresse e-mail ?',
      content:
        'Un compte invité ne vit que sur un appareil. En liant un téléphone ou une adresse e-mail (Moi → Réglages → ' +
        'Compte), vous gardez vos favoris, votre historique et vos pièces quand vous changez ou réinitialisez votre téléphone, et vous débloquez les tâches.',
    },
    {
      id: 2,
      title: 'Une BD ou un épisode ne se charge pas',
      content:
        'Vérifiez votre connexion et tirez vers le bas pour actualiser. Si un chapitre échoue toujours alors que les ' +
        'autres marchent, envoyez-nous un avis avec le titre et le chapitre pour que nous réparions le fichier.',
    },
    {
      id: 3,
      title: 'Que sont les chapitres VIP ?',
      content:
        'Les chapitres marqués VIP se lisent tant que votre abonnement VIP est actif. Les chapitres gratuits restent gratuits pour tous.',
    },
    {
      id: 4,
      title: 'Comment ne plus voir les commentaires de quelqu’un ?',
      content:
        'Touchez ⋯ sur l’un de ses commentaires et choisissez Bloquer. Ses commentaires disparaissent sur tous les ' +
        'appareils où vous êtes connecté ; vous pouvez le débloquer depuis le même menu.',
    },
    {
      id: 5,
      title: 'Comment être prévenu des nouveaux chapitres ?',
      content:
        'Suivez une œuvre depuis sa page. Les nouveaux chapitres arrivent alors en messages dans Moi → Messages → Nouveautés.',
    },
  ],
  notices: [
    {
      id: 1,
      title: 'Bienvenue',
      content:
        'Bienvenue ! Les commentaires sont ouverts sur chaque BD, roman et anime. Restez courtois : les commentaires ' +
        'signalés sont examinés sous 24 heures.',
      addtime: WELCOME_TIME,
    },
  ],
  kefu: {
    title: 'Service client',
    content:
      'Une question sur votre compte, un paiement ou un contenu ? Envoyez un avis depuis Moi → Avis et nous vous ' +
      'répondrons dans votre historique d’avis, en général sous un jour ouvré.',
    email: '',
    url: '',
  },
  texts: {
    about: {
      title: 'À propos',
      content:
        'Une liseuse de BD et de romans et un lecteur d’anime, pensés pour le téléphone. Votre bibliothèque, votre ' +
        'page en cours et vos favoris vous suivent d’un appareil à l’autre dès que vous liez un téléphone ou une adresse e-mail.',
    },
    agreement: {
      title: 'Conditions d’utilisation',
      content:
        '1. Vous êtes responsable de ce que vous publiez. Les commentaires ne doivent contenir ni insultes, ni spam, ' +
        'ni publicité, ni données personnelles d’autrui, ni contenu illégal.\n' +
        '2. Les contenus signalés sont examinés sous 24 heures ; ceux qui enfreignent ces règles sont supprimés et ' +
        'les récidivistes peuvent perdre le droit de commenter.\n' +
        '3. Nous conservons les données nécessaires à votre compte (identifiants, historique de lecture, favoris, ' +
        'commentaires et avis) et ne les vendons jamais. Vous pouvez supprimer votre compte à tout moment dans Réglages.\n' +
        '4. Le service est fourni tel quel ; nous pouvons modifier les fonctions et ces conditions, et annoncerons ' +
        'les changements importants dans les annonces.',
    },
  },
};
