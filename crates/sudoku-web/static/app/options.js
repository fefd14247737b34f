// Settings, theme and language.

import { t, onLangChange } from '../i18n.js';
import { settings, saveSettings } from '../settings.js';
import { $ } from './state.js';
import { drill, render } from './view.js';
import { checkLimit, runCheck } from './game.js';
import { openStats } from './stats.js';

export function openSettings() {
  const form = $('#form-settings');
  for (const el of form.elements) {
    if (!el.name) continue;
    if (el.type === 'checkbox') el.checked = !!settings[el.name];
    else el.value = String(settings[el.name]);
  }
  $('#dlg-settings').showModal();
}

$('#form-settings').addEventListener('change', (ev) => {
  const el = ev.target;
  if (!el.name) return;
  settings[el.name] = el.type === 'checkbox' ? el.checked : +el.value;
  saveSettings();
  if (el.name === 'autoCheck' && el.checked) runCheck({ quiet: true });
  if (el.name === 'mistakeLimit') checkLimit();
  render();
});

export function applyThemeButton() {
  const dark = document.documentElement.dataset.theme === 'dark';
  const b = $('#btn-theme');
  b.querySelector('use').setAttribute('href', dark ? '#i-sun' : '#i-moon');
  b.setAttribute('aria-label', t(dark ? 'theme_light' : 'theme_dark'));
  b.title = t(dark ? 'theme_light' : 'theme_dark');
  b.setAttribute('aria-pressed', String(dark));
}

export function toggleTheme() {
  const dark = document.documentElement.dataset.theme !== 'dark';
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  localStorage.setItem('ds.theme', dark ? 'dark' : 'light');
  applyThemeButton();
}

matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (e) => {
  if (localStorage.getItem('ds.theme')) return;
  document.documentElement.dataset.theme = e.matches ? 'dark' : 'light';
  applyThemeButton();
});

onLangChange(() => {
  applyThemeButton();
  render();
  if (drill.active) drill.render();
  if ($('#dlg-stats').open) openStats();
});
