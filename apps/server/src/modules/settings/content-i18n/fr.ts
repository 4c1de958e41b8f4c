/** The sample content pages in French (docs/i18n.md, Data the platform owns), by slug. */
export const fr: Record<string, { title: string; body: string }> = {
  agreement: {
    title: 'Conditions d’utilisation',
    body: `Bienvenue sur Lingxi ! Veuillez lire attentivement ces conditions avant d’utiliser le service. En vous connectant à Lingxi ou en l’utilisant, vous confirmez les avoir lues et acceptées.

## 1. Le service
Lingxi vous permet de discuter avec des bots d’IA, de créer et publier des bots, de gérer des bases de connaissances, de participer à la communauté et de devenir membre. Le contenu généré par l’IA est donné à titre indicatif et ne constitue pas un avis professionnel.

## 2. Votre compte
1. Vous vous connectez avec un numéro de mobile de Chine continentale et un code SMS ; la première connexion crée votre compte.
2. Protégez votre appareil et vos codes. Vous êtes responsable des pertes dues à votre propre négligence.
3. Vous pouvez supprimer votre compte à tout moment dans « Réglages → Supprimer le compte ». Vos informations personnelles sont alors effacées et ne peuvent pas être récupérées.

## 3. Règles d’utilisation
Vous ne pouvez pas utiliser le service pour créer, publier ou diffuser des contenus contraires à la loi, portant atteinte à la sécurité nationale, aux droits d’autrui ou à l’ordre public et aux bonnes mœurs. Nous pouvons traiter ces contenus et, selon les cas, restreindre ou suspendre le service.

## 4. Propriété intellectuelle
Les bots et bases de connaissances que vous créez et les contenus que vous publiez vous appartiennent ; vous autorisez Lingxi à les utiliser dans la mesure nécessaire à la fourniture du service.

## 5. Services payants
Les puces et les abonnements sont des biens virtuels. Lisez le Contrat de recharge de puces avant tout achat. Sauf disposition légale contraire, les biens virtuels déjà utilisés ne sont pas remboursés.

## 6. Modification des conditions
Nous pouvons réviser ces conditions et publierons la version révisée dans l’application. Si vous continuez à utiliser le service, vous acceptez les conditions révisées.

Une question ? Contactez-nous via « Moi → Avis ».`,
  },
  privacy: {
    title: 'Politique de confidentialité',
    body: `Lingxi accorde une grande importance à la protection de vos informations personnelles. Cette politique explique comment nous les collectons, les utilisons et les protégeons.

## Ce que nous collectons
- **Numéro de mobile** : pour la connexion et la sécurité du compte ; les pages ne l’affichent que masqué.
- **Profil** : le pseudo, l’avatar, le genre, la date de naissance et la bio que vous choisissez de renseigner.
- **Utilisation** : les conversations nécessaires au service de discussion, et les informations d’appareil et de réseau utilisées pour la sécurité et la lutte contre la fraude.

## Comment nous les utilisons
Uniquement pour fournir, maintenir et améliorer le service et sécuriser les comptes et les transactions. Nous ne communiquons pas vos informations personnelles à des tiers sans votre consentement, sauf obligation légale.

## Vos droits
Vous pouvez consulter et corriger votre profil, et supprimer votre compte à tout moment. Après la suppression, nous effaçons ou anonymisons vos informations personnelles.

## Sécurité
Les codes et identifiants de connexion sont stockés avec un chiffrement irréversible, et nous prenons des mesures techniques raisonnables pour protéger vos informations.`,
  },
  'chip-top-up-agreement': {
    title: 'Contrat de recharge de puces',
    body: `## 1. Les puces
Les puces sont les objets virtuels de Lingxi qui servent à discuter avec les bots. Chaque réponse coûte un nombre de puces qui dépend du modèle, tel qu’indiqué dans l’application.

## 2. Recharge
1. Rechargez uniquement par les canaux officiels de l’application ; les puces arrivent dès que le paiement aboutit.
2. Les puces ne peuvent être utilisées que par votre compte et ne peuvent être ni cédées, ni retirées, ni échangées contre de la monnaie légale.

## 3. Remboursement
Les puces rechargées ne sont pas remboursées, sauf disposition légale contraire ou double prélèvement dû à une panne du système.

## 4. Mineurs
Les mineurs ne doivent recharger qu’avec l’accord et l’accompagnement d’un tuteur légal.`,
  },
  'about-us': {
    title: 'À propos',
    body: `**Lingxi** est une application d’assistant IA en chinois.

Vous pouvez y discuter avec des bots d’IA de toutes sortes, découvrir les bots amusants créés par d’autres, bâtir votre propre assistant sur votre base de connaissances et le partager avec la communauté.

Nous pensons qu’un bon assistant IA doit être comme un ami complice : il comprend vos besoins, parle votre langue et mérite votre confiance.

- Version : 1.0.0
- Nous contacter : laissez un message dans « Moi → Avis ». Nous lisons chaque avis avec attention.`,
  },
  'help-center': {
    title: 'Centre d’aide',
    body: `## Comment me connecter ?
Sur la page « Moi », touchez Se connecter et saisissez votre numéro de mobile pour recevoir un code. La première connexion crée votre compte.

## Je ne reçois pas le code. Que faire ?
Vérifiez que le numéro est correct et que vous avez du réseau, et qu’aucune application de blocage n’a intercepté le message. Un numéro peut obtenir un code toutes les 60 secondes et 10 au plus par jour.

## Que sont les puces ?
Les puces servent à discuter avec les bots. Les nouveaux utilisateurs en reçoivent à l’inscription, et vous pouvez recharger ou devenir membre dans l’espace membre.

## Comment changer mon avatar et mon pseudo ?
Allez dans « Moi → Profil » et touchez votre avatar ou votre pseudo.

## Comment supprimer mon compte ?
Allez dans « Moi → Réglages → Supprimer le compte » et vérifiez votre numéro de mobile. Les données ne peuvent pas être récupérées ensuite : soyez sûr de vous.`,
  },
  'update-log': {
    title: 'Journal des mises à jour',
    body: `## 1.0.0 (version 1008)
- Connexion par numéro de mobile et code SMS ; la première connexion crée le compte
- Profil : pseudo, avatar, genre, date de naissance et bio
- Avis, centre d’aide et conditions d’utilisation
- Disponible en 简体中文, 繁體中文, English, Español et Français`,
  },
};
