/** The sample content pages in Spanish (docs/i18n.md, Data the platform owns), by slug. */
export const es: Record<string, { title: string; body: string }> = {
  agreement: {
    title: 'Acuerdo de usuario',
    body: `¡Bienvenido a Lingxi! Lee atentamente este acuerdo antes de usar el servicio. Al iniciar sesión en Lingxi o usarlo, confirmas que lo has leído y lo aceptas.

## 1. El servicio
Lingxi te permite conversar con bots de IA, crear y publicar bots, gestionar bases de conocimiento, participar en la comunidad y hacerte miembro. El contenido generado por IA es solo de referencia y no constituye asesoramiento profesional.

## 2. Tu cuenta
1. Inicias sesión con un número de móvil de China continental y un código SMS; el primer inicio de sesión crea tu cuenta.
2. Protege tu dispositivo y tus códigos. Eres responsable de las pérdidas causadas por tu propio descuido.
3. Puedes eliminar tu cuenta en cualquier momento en «Ajustes → Eliminar cuenta». Tu información personal se borrará y no podrá recuperarse.

## 3. Normas de uso
No puedes usar el servicio para crear, publicar o difundir contenido que infrinja la ley, ponga en peligro la seguridad nacional, vulnere los derechos de otros o atente contra el orden público y las buenas costumbres. Podemos actuar sobre ese contenido y, según el caso, limitar o terminar el servicio.

## 4. Propiedad intelectual
Los bots y las bases de conocimiento que creas y el contenido que publicas te pertenecen; autorizas a Lingxi a usarlos en la medida necesaria para prestar el servicio.

## 5. Servicios de pago
Los chips y las membresías son bienes virtuales. Lee el Acuerdo de recarga de chips antes de comprar. Salvo que la ley disponga otra cosa, los bienes virtuales ya usados no se reembolsan.

## 6. Cambios en el acuerdo
Podemos revisar este acuerdo cuando sea necesario y publicaremos la versión revisada en la app. Si sigues usando el servicio, aceptas el acuerdo revisado.

¿Dudas? Escríbenos en «Yo → Comentarios».`,
  },
  privacy: {
    title: 'Política de privacidad',
    body: `Lingxi se toma en serio la protección de tu información personal. Esta política explica cómo la recogemos, usamos y protegemos.

## Qué recogemos
- **Número de móvil**: para iniciar sesión y proteger la cuenta; las páginas solo lo muestran enmascarado.
- **Perfil**: el apodo, avatar, género, cumpleaños y biografía que decides indicar.
- **Uso**: las conversaciones necesarias para prestar el servicio de chat y la información del dispositivo y de la red usada para la seguridad y la prevención del fraude.

## Cómo la usamos
Solo para prestar, mantener y mejorar el servicio y proteger las cuentas y las transacciones. No compartimos tu información personal con terceros sin tu consentimiento, salvo cuando la ley lo exija.

## Tus derechos
Puedes consultar y corregir tu perfil y eliminar tu cuenta en cualquier momento. Tras la eliminación, borramos o anonimizamos tu información personal.

## Seguridad
Los códigos y las credenciales de acceso se guardan con cifrado irreversible, y aplicamos medidas técnicas razonables para proteger tu información.`,
  },
  'chip-top-up-agreement': {
    title: 'Acuerdo de recarga de chips',
    body: `## 1. Qué son los chips
Los chips son los artículos virtuales de Lingxi para conversar con los bots. Cada respuesta cuesta una cantidad de chips que depende del modelo, según se indica en la app.

## 2. Recargas
1. Recarga solo por los canales oficiales de la app; los chips llegan en cuanto se completa el pago.
2. Los chips solo puede usarlos tu propia cuenta y no se pueden transferir, retirar ni cambiar por dinero de curso legal.

## 3. Reembolsos
Los chips ya recargados no se reembolsan, salvo que las leyes dispongan otra cosa o un fallo del sistema te haya cobrado dos veces.

## 4. Menores
Los menores deben recargar solo con el consentimiento y la guía de su tutor.`,
  },
  'about-us': {
    title: 'Quiénes somos',
    body: `**Lingxi** es una app de asistente de IA en chino.

Aquí puedes conversar con bots de IA de todo tipo, descubrir bots curiosos creados por otros, crear tu propio asistente con tu base de conocimiento y compartirlo con la comunidad.

Creemos que un buen asistente de IA debe ser como un amigo que te entiende sin palabras: sabe lo que necesitas, habla tu idioma y merece tu confianza.

- Versión: 1.0.0
- Contacto: déjanos un mensaje en «Yo → Comentarios». Leemos cada comentario con atención.`,
  },
  'help-center': {
    title: 'Centro de ayuda',
    body: `## ¿Cómo inicio sesión?
En la página «Yo», toca Iniciar sesión e introduce tu número de móvil para recibir un código. El primer inicio de sesión crea tu cuenta.

## No me llega el código. ¿Qué hago?
Comprueba que el número es correcto y que tienes cobertura, y si alguna app de bloqueo ha retenido el mensaje. Un número puede pedir un código cada 60 segundos y 10 como máximo al día.

## ¿Qué son los chips?
Los chips sirven para conversar con los bots. Los usuarios nuevos reciben chips gratis al registrarse, y puedes recargar o hacerte miembro en el centro de membresía.

## ¿Cómo cambio mi avatar y mi apodo?
Ve a «Yo → Perfil» y toca tu avatar o tu apodo.

## ¿Cómo elimino mi cuenta?
Ve a «Yo → Ajustes → Eliminar cuenta» y verifica tu número de móvil. Los datos no se pueden recuperar después, así que asegúrate bien.`,
  },
  'update-log': {
    title: 'Registro de cambios',
    body: `## 1.0.0 (compilación 1008)
- Inicio de sesión con número de móvil y código SMS; el primer inicio de sesión crea la cuenta
- Perfil: apodo, avatar, género, cumpleaños y biografía
- Comentarios, centro de ayuda y acuerdo de usuario
- Disponible en 简体中文, 繁體中文, English, Español y Français`,
  },
};
