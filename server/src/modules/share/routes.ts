import type { FastifyInstance } from 'fastify';
import { ErrorCode, shareRoutes } from '@otkrytka/contract';
import type { Deps } from '../../deps';
import { registerRoutes } from '../../http/routes';
import type { PreviewVariant } from './preview-image';
import { type ShareKind, shareService } from './service';
import { shareSubscribers } from './subscribers';
import { telegramNotices } from './telegram-notices';
import { shareLang } from './texts';
import { serveWebApp } from './web-app';
import { telegramWebhookRoute } from './webhook';

/**
 * Once the server listens, the bot's commands, profile and menu button are registered with the Bot
 * API (`bot-setup.ts`; only what differs is set), when there is a bot and an https:// PUBLIC_URL the
 * Mini App can open. In the background: a start never waits on Telegram. Its report is logged.
 */
function registerBotAtStart(app: FastifyInstance, deps: Deps) {
  const { config, log } = deps;
  if (!config.botToken || !config.publicUrl.startsWith('https://')) return;
  app.addHook('onListen', async () => {
    void import('./bot-setup')
      .then(({ setUpBot }) => setUpBot(config))
      .then(
        (report) => {
          log.info({ done: report.done }, 'Telegram bot: commands, profile and menu button registered');
          if (report.failed.length) log.warn({ failed: report.failed }, 'Telegram bot: some of its set-up failed; `npm run bot:setup` says more');
        },
        (err: unknown) => log.warn({ err }, 'Telegram bot: set-up failed; `npm run bot:setup` says more'),
      );
  });
}

const KINDS = new Set<ShareKind>(['greeting', 'postcard', 'channel', 'site', 'join']);
const VARIANTS = new Set<PreviewVariant>(['wide', 'square', 'story']);
/** Story pictures are drawn for what a person shares into a story: a greeting or a postcard. */
const STORY_KINDS = new Set<ShareKind>(['greeting', 'postcard']);

/**
 * Link previews: the SPA's HTML with each page's title and OpenGraph/Twitter meta, the preview
 * pictures under /og/{kind}/{id}/{wide|square}.jpg (and story.jpg, 1080×1920, for a greeting or a
 * postcard, in the language of `?lang=`), and the Telegram message of a greeting.
 */
export async function shareModule(app: FastifyInstance, deps: Deps, headHints: (url: string) => Promise<string>) {
  const share = shareService(deps);
  registerRoutes(app, shareRoutes, {
    'POST /api/greetings/{id}/telegram-message': ({ user, params }) => share.prepareTelegramMessage(user, params.id),
  });
  telegramWebhookRoute(app, deps);
  shareSubscribers(deps);
  telegramNotices(deps);
  registerBotAtStart(app, deps);

  // Pictures are public by design (what a link preview shows); hidden things get the neutral one.
  app.get('/og/:kind/:id/:file', { schema: { hide: true } }, async (req, reply) => {
    const { kind, id, file } = req.params as { kind: string; id: string; file: string };
    const variant = file.replace(/\.jpg$/, '') as PreviewVariant;
    if (!KINDS.has(kind as ShareKind) || !VARIANTS.has(variant) || !file.endsWith('.jpg') || id.length > 64 || (variant === 'story' && !STORY_KINDS.has(kind as ShareKind))) {
      return reply.status(404).send({ detail: 'No such preview picture', code: ErrorCode.NOT_FOUND });
    }
    const [, search] = req.url.split('?');
    const lang = shareLang(search);
    const { bytes, version } = await share.image(kind as ShareKind, id, variant, lang);
    const asked = new URLSearchParams(search ?? '').get('v');
    return reply
      .type('image/jpeg')
      .header('content-length', bytes.length)
      .header('cache-control', asked === version ? 'public, max-age=31536000, immutable' : 'public, max-age=600')
      .send(bytes);
  });

  await serveWebApp(app, deps, async (url, req) => {
    const [pathname, search] = url.split('?');
    const meta = await share.pageMeta(pathname ?? '/', shareLang(search, req.cookies.language));
    return { meta, hints: await headHints(url).catch(() => '') };
  });
}
