/** The user agreement shown on /terms, in both languages. Kept with the page, out of the first load. */
export interface TermsText {
  version: string;
  intro: string;
  sections: { title: string; paragraphs: string[] }[];
}

export const TERMS: Record<'ru' | 'en', TermsText> = {
  ru: {
    version: 'Редакция 1.0',
    intro:
      'Это соглашение — правила пользования сервисом «Открытка» (далее — Сервис) на сайте и в мини-приложении Telegram. Регистрируясь или пользуясь Сервисом, вы соглашаетесь с ними.',
    sections: [
      {
        title: 'Что такое Сервис',
        paragraphs: [
          'Сервис позволяет смотреть, собирать и отправлять открытки и поздравления, вести свои каналы с открытками, голосовать за новые открытки в песочнице и участвовать в игровой части (энергия, уровни, задания, достижения).',
          'Смотреть общую галерею и открывать поздравления можно без аккаунта. Остальные возможности доступны после входа.',
        ],
      },
      {
        title: 'Аккаунт',
        paragraphs: [
          'Для регистрации нужны действующий email, логин и пароль; войти можно и через Telegram. Указывайте достоверные данные и не передавайте пароль другим людям: всё, что сделано из вашего аккаунта, считается сделанным вами.',
          'Если вам нет 14 лет, пользуйтесь Сервисом только с согласия родителей или законных представителей.',
        ],
      },
      {
        title: 'Ваши материалы',
        paragraphs: [
          'Загружайте только изображения и видео, на которые у вас есть права. Права на ваши материалы остаются у вас.',
          'Загружая материал, вы разрешаете Сервису бесплатно хранить его, делать уменьшенные копии и показывать другим пользователям в пределах Сервиса — пока материал не удалён.',
        ],
      },
      {
        title: 'Что запрещено',
        paragraphs: [
          'Нельзя публиковать незаконное, оскорбительное, откровенное или жестокое содержимое, чужие персональные данные, рекламу и спам, файлы с вредоносным кодом, а также нарушать чужие авторские права.',
          'Нельзя мешать работе Сервиса, обходить его ограничения, массово собирать данные автоматическими средствами и создавать аккаунты для накрутки голосов или игровых ценностей.',
        ],
      },
      {
        title: 'Модерация',
        paragraphs: [
          'Новые открытки проходят песочницу и проверку модератором. Мы можем отклонить или удалить материал и ограничить доступ к аккаунту, если правила нарушены. Пожаловаться на открытку можно кнопкой «Пожаловаться».',
        ],
      },
      {
        title: 'Игровые ценности',
        paragraphs: [
          'Энергия инь и ян, опыт, уровни, кристаллы и ресурсы — часть игры. Это не деньги: их нельзя купить, продать или обменять на деньги. Правила игры могут меняться.',
        ],
      },
      {
        title: 'Персональные данные',
        paragraphs: [
          'Мы храним то, что нужно для работы Сервиса: email, логин, имя, данные Telegram (идентификатор и имя пользователя), ваши настройки, открытки и поздравления. Пароль хранится только в виде стойкого хэша.',
          'Cookie используются для языка и темы оформления. Мы не продаём и не передаём ваши данные третьим лицам, кроме случаев, предусмотренных законом. Чтобы удалить аккаунт и данные, напишите нам.',
        ],
      },
      {
        title: 'Ответственность',
        paragraphs: [
          'Сервис предоставляется «как есть». Мы стараемся, чтобы он работал без перерывов, но не можем этого гарантировать. За содержание поздравлений и материалов отвечают их авторы.',
        ],
      },
      {
        title: 'Изменения и связь',
        paragraphs: [
          'Мы можем обновлять это соглашение; действующая редакция всегда на этой странице. Продолжая пользоваться Сервисом после изменений, вы принимаете новую редакцию.',
          'Вопросы и запросы можно отправить через бота «Открытки» в Telegram.',
        ],
      },
    ],
  },
  en: {
    version: 'Version 1.0',
    intro:
      'This agreement sets out the rules for using Otkrytka (the Service) on the web and as a Telegram mini app. By signing up or using the Service you accept them.',
    sections: [
      {
        title: 'What the Service is',
        paragraphs: [
          'The Service lets you browse, collect and send postcards and greetings, keep your own postcard channels, vote on new postcards in the sandbox and take part in the game (energy, levels, quests, achievements).',
          'You can browse the public gallery and open greetings without an account. Everything else is available once you sign in.',
        ],
      },
      {
        title: 'Your account',
        paragraphs: [
          'To sign up you need a working email, a login and a password; you can also sign in with Telegram. Give accurate details and keep your password to yourself: anything done from your account counts as done by you.',
          'If you are under 14, use the Service only with the consent of a parent or guardian.',
        ],
      },
      {
        title: 'Your content',
        paragraphs: [
          'Upload only images and videos you have the rights to. Your content stays yours.',
          'By uploading, you allow the Service, free of charge, to store it, make smaller copies and show it to other users within the Service for as long as it is not deleted.',
        ],
      },
      {
        title: 'What is not allowed',
        paragraphs: [
          'Do not post illegal, abusive, explicit or violent content, other people’s personal data, advertising or spam, or files with malicious code, and do not infringe anyone’s copyright.',
          'Do not disrupt the Service, work around its limits, harvest data by automated means or create accounts to inflate votes or game values.',
        ],
      },
      {
        title: 'Moderation',
        paragraphs: [
          'New postcards go through the sandbox and a moderator’s review. We may reject or remove content and restrict an account that breaks the rules. Use the “Report” button to flag a postcard.',
        ],
      },
      {
        title: 'Game values',
        paragraphs: [
          'Yin and yang energy, experience, levels, crystals and resources are part of the game. They are not money: they cannot be bought, sold or exchanged for money. The game rules may change.',
        ],
      },
      {
        title: 'Personal data',
        paragraphs: [
          'We keep what the Service needs to work: your email, login, name, Telegram details (id and username), settings, postcards and greetings. Your password is stored only as a strong hash.',
          'Cookies are used for your language and theme. We do not sell or share your data with third parties except where the law requires it. To delete your account and data, write to us.',
        ],
      },
      {
        title: 'Liability',
        paragraphs: [
          'The Service is provided “as is”. We do our best to keep it running but cannot promise it will never be interrupted. Authors are responsible for their greetings and content.',
        ],
      },
      {
        title: 'Changes and contact',
        paragraphs: [
          'We may update this agreement; the current version is always on this page. By using the Service after a change you accept the new version.',
          'Questions and requests can be sent through the Otkrytka bot in Telegram.',
        ],
      },
    ],
  },
};
