/**
 * Updates of the installed app through electron-updater (docs/installer.md). Offline first: Kvitt makes no network call
 * for updates unless the user has turned on Settings → Data → "Se etter oppdateringer automatisk" (`updates.automatic`,
 * off by default), or asks once from the menu (Kvitt → Se etter oppdateringer …). The feed is the `publish` entry of
 * electron-builder.yml (written into the app as app-update.yml); KVITT_UPDATE_FEED points a build at another one.
 * An Electron entry file: only main/index.ts imports it.
 */
import { app, dialog, type BrowserWindow } from 'electron';
import electronUpdater from 'electron-updater';
import type { AppContext } from './context.js';
import { getSettings } from './features/settings/index.js';
import { updatePlan } from './update-plan.js';

const { autoUpdater } = electronUpdater;
const EVERY_6_HOURS = 6 * 60 * 60 * 1000;

function configure(): boolean {
  const plan = updatePlan({ packaged: app.isPackaged, automatic: true, feedOverride: process.env.KVITT_UPDATE_FEED });
  if (!plan.check) return false;
  if (plan.feed) autoUpdater.setFeedURL({ provider: 'generic', url: plan.feed });
  autoUpdater.autoDownload = true; // in the background; installed when Kvitt is closed
  autoUpdater.autoInstallOnAppQuit = true;
  return true;
}

/** The automatic check: at start and every 6 hours, each time only if the setting is on (read again each time). */
export function startAutomaticUpdates(ctx: AppContext, win: BrowserWindow): () => void {
  let ready = false;
  let asked = false;
  const tick = async () => {
    const settings = await getSettings(ctx).catch(() => null);
    const plan = updatePlan({ packaged: app.isPackaged, automatic: settings?.updates.automatic ?? false, feedOverride: process.env.KVITT_UPDATE_FEED });
    if (!plan.check) return;
    if (!ready) ready = configure();
    if (!ready) return;
    // Offline or the feed away: nothing on screen, tried again at the next tick.
    await autoUpdater.checkForUpdates().catch((err: unknown) => console.warn('Update check failed:', (err as Error).message));
  };
  autoUpdater.on('update-downloaded', (info) => {
    if (asked || win.isDestroyed()) return;
    asked = true;
    void dialog
      .showMessageBox(win, {
        type: 'info',
        title: 'Oppdatering klar',
        message: `Kvitt ${info.version} er lastet ned.`,
        detail: 'Den blir installert når du avslutter Kvitt. Vil du starte på nytt nå?',
        buttons: ['Start på nytt nå', 'Senere'],
        defaultId: 1,
        cancelId: 1,
      })
      .then(({ response }) => {
        if (response === 0) autoUpdater.quitAndInstall();
      });
  });
  const first = setTimeout(() => void tick(), 15_000);
  const timer = setInterval(() => void tick(), EVERY_6_HOURS);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** Kvitt → Se etter oppdateringer …: one check the user asked for, with its answer on screen. */
export async function checkForUpdatesNow(win: BrowserWindow): Promise<void> {
  const say = (message: string, detail?: string) => dialog.showMessageBox(win, { type: 'info', title: 'Oppdateringer', message, detail, buttons: ['OK'] });
  if (!app.isPackaged || !configure()) {
    await say('Oppdateringer gjelder bare en installert Kvitt.', 'Denne Kvitt kjører fra kildekoden (npm start).');
    return;
  }
  try {
    const result = await autoUpdater.checkForUpdates();
    const latest = result?.updateInfo.version;
    if (!result?.isUpdateAvailable || !latest) await say(`Du har nyeste versjon av Kvitt (${app.getVersion()}).`);
    else await say(`Kvitt ${latest} lastes ned.`, 'Du får beskjed når den er klar; den blir installert når du avslutter Kvitt.');
  } catch (err) {
    await say('Fant ikke oppdateringstjenesten.', `Sjekk nettforbindelsen og prøv igjen senere. (${(err as Error).message})`);
  }
}
