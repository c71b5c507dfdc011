/**
 * The public signup page's one script: when Postnummer holds four digits it asks GET /events/postcodes/{postnummer}
 * (the register in postcodes.ts) and fills Poststed, unless the person typed a Poststed of their own. The page works
 * without it (the signup fills an empty Poststed from a known postcode). Allowed by its hash in the page's CSP; the
 * hash is checked against the text by test/events/postcode-fill.test.ts.
 */
export const POSTCODE_FILL_SCRIPT = String.raw`(function(){var z=document.getElementById('invoice.zip'),c=document.getElementById('invoice.city');if(!z||!c)return;var last='';z.addEventListener('input',function(){var v=z.value.trim();if(!/^\d{4}$/.test(v)||v===last)return;last=v;fetch('/events/postcodes/'+v).then(function(r){return r.ok?r.json():null}).then(function(j){if(j&&j.city&&z.value.trim()===v&&(!c.value||c.getAttribute('data-filled'))){c.value=j.city;c.setAttribute('data-filled','1')}}).catch(function(){})});c.addEventListener('input',function(){c.removeAttribute('data-filled')})})();`;

/** SHA-256 of POSTCODE_FILL_SCRIPT, base64, as CSP's script-src takes it. */
export const POSTCODE_FILL_SCRIPT_CSP = "'sha256-LPA68DPX6pIrGM51RW3pda+4L4V/TQmSfNYD652+MEs='";
