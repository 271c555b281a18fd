/**
 * The mails the portal sends, in English and Portuguese (the person's language; others read English).
 * Each returns subject and plain text; the HTML part is the same text with its link made clickable.
 */
type Lang = 'en' | 'pt';
const langOf = (language: string): Lang => (language === 'pt' ? 'pt' : 'en');

export type MailContent = { subject: string; text: string; html: string };

type Footer = { text: string; url: string; label: string };

function render(
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
  footer?: Footer,
): MailContent {
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    '',
    '— Afiliados',
    ...(footer ? [`${footer.text} ${footer.label}: ${footer.url}`] : []),
  ].join('\n\n');
  const escapeHtml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = [
    '<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1a1b1e">',
    // pre-line: a person's line breaks (a message, an announcement) stay line breaks.
    ...paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link.url)}" style="background:#2a4fc7;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p><p style="color:#555;font-size:13px">${escapeHtml(link.url)}</p>`
      : '',
    '<p style="color:#555">— Afiliados</p>',
    footer
      ? `<p style="color:#555;font-size:12px">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.url)}" style="color:#2a4fc7">${escapeHtml(footer.label)}</a></p>`
      : '',
    '</div>',
  ].join('');
  return { subject, text, html };
}

export const mails = {
  registrationReceived(language: string, p: { firstName: string }) {
    return langOf(language) === 'pt'
      ? render('Recebemos o seu cadastro', [
          `Olá, ${p.firstName}!`,
          'Recebemos o seu cadastro no programa de afiliados. Um administrador vai analisá-lo e você receberá um e-mail assim que for aprovado.',
        ])
      : render('We received your registration', [
          `Hello ${p.firstName},`,
          'We received your registration to the affiliate programme. An administrator will review it and you will get an email as soon as it is approved.',
        ]);
  },
  newRegistration(language: string, p: { name: string; email: string; reviewUrl: string }) {
    return langOf(language) === 'pt'
      ? render(
          `Novo afiliado aguardando aprovação: ${p.name}`,
          [`${p.name} (${p.email}) se cadastrou e aguarda aprovação.`],
          { url: p.reviewUrl, label: 'Revisar cadastros' },
        )
      : render(
          `New affiliate awaiting approval: ${p.name}`,
          [`${p.name} (${p.email}) registered and is waiting for approval.`],
          { url: p.reviewUrl, label: 'Review registrations' },
        );
  },
  affiliateApproved(language: string, p: { firstName: string; code: string; loginUrl: string }) {
    return langOf(language) === 'pt'
      ? render(
          'Seu cadastro foi aprovado',
          [`Olá, ${p.firstName}!`, `Seu cadastro foi aprovado. Seu código de afiliado é ${p.code}.`],
          { url: p.loginUrl, label: 'Entrar no portal' },
        )
      : render(
          'Your registration was approved',
          [`Hello ${p.firstName},`, `Your registration was approved. Your affiliate code is ${p.code}.`],
          { url: p.loginUrl, label: 'Sign in to the portal' },
        );
  },
  affiliateRejected(language: string, p: { firstName: string; reason: string }) {
    return langOf(language) === 'pt'
      ? render('Seu cadastro não foi aprovado', [
          `Olá, ${p.firstName}.`,
          `Seu cadastro no programa de afiliados não foi aprovado. Motivo: ${p.reason}`,
        ])
      : render('Your registration was not approved', [
          `Hello ${p.firstName},`,
          `Your registration to the affiliate programme was not approved. Reason: ${p.reason}`,
        ]);
  },
  registrationAttempt(language: string, p: { firstName: string; loginUrl: string; forgotUrl: string }) {
    return langOf(language) === 'pt'
      ? render(
          'Tentativa de cadastro com o seu e-mail',
          [
            `Olá, ${p.firstName}!`,
            'Alguém tentou se cadastrar no programa de afiliados com este e-mail, que já tem uma conta. Se foi você, entre no portal; se esqueceu a senha, redefina-a em ' +
              `${p.forgotUrl}. Se não foi você, ignore este e-mail: nada mudou na sua conta.`,
          ],
          { url: p.loginUrl, label: 'Entrar no portal' },
        )
      : render(
          'Someone tried to register with your email',
          [
            `Hello ${p.firstName},`,
            'Someone tried to register to the affiliate programme with this email address, which already has an account. If it was you, sign in instead; if you forgot your password, reset it at ' +
              `${p.forgotUrl}. If it was not you, ignore this email: nothing changed in your account.`,
          ],
          { url: p.loginUrl, label: 'Sign in' },
        );
  },
  passwordReset(language: string, p: { firstName: string; resetUrl: string }) {
    return langOf(language) === 'pt'
      ? render(
          'Redefinição de senha',
          [
            `Olá, ${p.firstName}!`,
            'Recebemos um pedido para redefinir a sua senha. O link vale por 1 hora e pode ser usado uma única vez. Se não foi você, ignore este e-mail.',
          ],
          { url: p.resetUrl, label: 'Redefinir senha' },
        )
      : render(
          'Reset your password',
          [
            `Hello ${p.firstName},`,
            'We received a request to reset your password. The link is valid for 1 hour and works once. If it was not you, ignore this email.',
          ],
          { url: p.resetUrl, label: 'Reset password' },
        );
  },
  contactMessage(language: string, p: { name: string; email: string; subject: string; message: string }) {
    return langOf(language) === 'pt'
      ? render(`Fale conosco: ${p.subject}`, [`${p.name} (${p.email}) escreveu:`, p.message])
      : render(`Contact us: ${p.subject}`, [`${p.name} (${p.email}) wrote:`, p.message]);
  },
  invitation(language: string, p: { firstName: string; url: string }) {
    return langOf(language) === 'pt'
      ? render(
          'Seu acesso ao programa de afiliados',
          [
            `Olá, ${p.firstName}!`,
            'Um administrador criou a sua conta no portal. Escolha a sua senha pelo link abaixo (válido por 7 dias).',
          ],
          { url: p.url, label: 'Criar minha senha' },
        )
      : render(
          'Your access to the affiliate programme',
          [
            `Hello ${p.firstName},`,
            'An administrator created your account on the portal. Choose your password with the link below (valid for 7 days).',
          ],
          { url: p.url, label: 'Choose my password' },
        );
  },
  redemptionDecided(
    language: string,
    p: {
      firstName: string;
      id: number;
      amount: string;
      status: 'approved' | 'rejected' | 'paid';
      detail: string;
      url: string;
    },
  ) {
    const pt = langOf(language) === 'pt';
    const what = {
      approved: pt
        ? ['aprovado', 'O pagamento será feito em breve.']
        : ['approved', 'The payment will be made shortly.'],
      rejected: pt
        ? ['recusado', `Motivo: ${p.detail}. O valor voltou para o seu saldo.`]
        : ['rejected', `Reason: ${p.detail}. The amount is back in your balance.`],
      paid: pt ? ['pago', `Comprovante: ${p.detail}.`] : ['paid', `Reference: ${p.detail}.`],
    }[p.status];
    return pt
      ? render(
          `Seu resgate nº ${p.id} foi ${what[0]}`,
          [`Olá, ${p.firstName}!`, `Seu resgate nº ${p.id} de ${p.amount} foi ${what[0]}.`, what[1] ?? ''],
          { url: p.url, label: 'Ver meus resgates' },
        )
      : render(
          `Your redemption #${p.id} was ${what[0]}`,
          [`Hello ${p.firstName},`, `Your redemption #${p.id} of ${p.amount} was ${what[0]}.`, what[1] ?? ''],
          { url: p.url, label: 'See my redemptions' },
        );
  },
  payoutFailed(language: string, p: { firstName: string; id: number; amount: string; reason: string; url: string }) {
    return langOf(language) === 'pt'
      ? render(
          `O pagamento do seu resgate nº ${p.id} não foi concluído`,
          [
            `Olá, ${p.firstName}!`,
            `Não conseguimos concluir o PIX do seu resgate nº ${p.id} de ${p.amount}: ${p.reason}.`,
            'O resgate continua aprovado e entra no próximo lote de pagamentos. Se a sua chave PIX mudou, atualize-a em Minha conta.',
          ],
          { url: p.url, label: 'Ver meus resgates' },
        )
      : render(
          `The payment of your redemption #${p.id} did not go through`,
          [
            `Hello ${p.firstName},`,
            `We could not complete the PIX of your redemption #${p.id} of ${p.amount}: ${p.reason}.`,
            'The redemption is still approved and goes into the next payout batch. If your PIX key changed, update it in My account.',
          ],
          { url: p.url, label: 'See my redemptions' },
        );
  },
  /** A new message in a thread: to the affiliate (from the programme) or to an admin (from an affiliate). */
  newMessage(language: string, p: { from: string; excerpt: string; url: string; toStaff: boolean }) {
    return langOf(language) === 'pt'
      ? render(
          p.toStaff ? `Nova mensagem de ${p.from}` : 'Nova mensagem do programa de afiliados',
          [`${p.from} escreveu:`, p.excerpt],
          { url: p.url, label: p.toStaff ? 'Abrir a conversa' : 'Ler e responder' },
        )
      : render(
          p.toStaff ? `New message from ${p.from}` : 'New message from the affiliate programme',
          [`${p.from} wrote:`, p.excerpt],
          { url: p.url, label: p.toStaff ? 'Open the conversation' : 'Read and reply' },
        );
  },
  /** An announcement, with the one-click unsubscribe link every one carries (decision 047). */
  announcement(language: string, p: { subject: string; body: string; url: string; unsubscribeUrl: string }) {
    const paragraphs = p.body.split(/\n{2,}/);
    return langOf(language) === 'pt'
      ? render(
          p.subject,
          paragraphs,
          { url: p.url, label: 'Ver no portal' },
          {
            text: 'Você recebe este e-mail por ser afiliado do programa.',
            label: 'Não quero mais receber comunicados por e-mail',
            url: p.unsubscribeUrl,
          },
        )
      : render(
          p.subject,
          paragraphs,
          { url: p.url, label: 'See it in the portal' },
          {
            text: 'You get this email as an affiliate of the programme.',
            label: 'Unsubscribe from announcement emails',
            url: p.unsubscribeUrl,
          },
        );
  },
};
